import { Box, ComboboxChevron, getParsedComboboxData, Group, Input, Stack, Text, type BoxProps } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { ChatbotSettingKey } from '../../api/contract';
import { loadOnce } from '../../lib/load-once';
import { runWhenIdle } from '../../lib/run-when-idle';
import { SETTING_FIELDS } from './setting-fields';
import type * as Rich from './rich-setting-controls';

/**
 * The rich controls (rich-setting-controls.tsx) arrive after the form has drawn: until then
 * each stands as a skeleton of its size under its label, so nothing moves when it arrives.
 * The chunk is fetched at the first idle moment (`useRichControlsAtIdle`), or at once by
 * whatever needs the controls themselves (a save that may have to focus one).
 */
type RichModule = typeof Rich;

let loaded: RichModule | null = null;
let failed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const fetchRichControls = loadOnce(() => import('./rich-setting-controls'));

export function loadRichControls(): Promise<RichModule> {
  return fetchRichControls().then(
    (module) => {
      loaded = module;
      failed = false;
      notify();
      return module;
    },
    (error: unknown) => {
      failed = true;
      notify();
      throw error;
    },
  );
}

/** Fetches the rich controls at the page's first idle moment. */
export function useRichControlsAtIdle(): void {
  useEffect(() => runWhenIdle(() => void loadRichControls().catch(() => undefined)), []);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => (loaded ? 'loaded' : failed ? 'failed' : 'loading');

function useRichModule(): RichModule | 'failed' | null {
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  return state === 'loaded' ? loaded : state === 'failed' ? 'failed' : null;
}

type Shape = 'input' | 'select' | 'limit' | 'radio';

/** Mantine's input height at size sm (36 px), as a number: its CSS variable is set only inside an input. */
const INPUT_HEIGHT = 36;

/** A quiet block in the colour of an empty input: Mantine's Skeleton would bring its stylesheet to every page. */
function Block({ radius = 'sm', children, ...props }: BoxProps & { radius?: 'sm' | 'md' | 'xl'; children?: ReactNode }) {
  return (
    <Box
      {...props}
      children={children}
      style={{
        borderRadius: `var(--mantine-radius-${radius})`,
        background: 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-5))',
      }}
    />
  );
}

function ControlBody({ name, shape }: { name: ChatbotSettingKey; shape: Shape }) {
  const { getValues } = useFormContext<Record<string, unknown>>();
  switch (shape) {
    case 'input':
      return <Block h={INPUT_HEIGHT} radius="sm" />;
    case 'select': {
      // The current choice and the select's own chevron, so the field reads as the one about to come.
      const value = String(getValues(name) ?? '');
      const [option] = getParsedComboboxData(value === '' ? [] : [value]);
      return (
        <Block h={INPUT_HEIGHT} radius="sm">
          <Group h="100%" justify="space-between" wrap="nowrap" px={12} c="dimmed">
            <Text size="sm" truncate>
              {option && 'label' in option ? option.label.replaceAll('_', ' ') : ''}
            </Text>
            <ComboboxChevron />
          </Group>
        </Block>
      );
    }
    case 'limit':
      return (
        <Stack gap="xs">
          <Block h={INPUT_HEIGHT} radius="sm" />
          <Block h={24} w={180} radius="xl" />
        </Stack>
      );
    case 'radio':
      return <Block mt={6} h={20} w={240} radius="sm" />;
  }
}

/** A rich control's place while its chunk comes: its label and description, and a block of its size. */
function ControlSkeleton({ name, shape, failed }: { name: ChatbotSettingKey; shape: Shape; failed: boolean }) {
  const { label, description } = SETTING_FIELDS[name];
  return (
    <Box
      data-testid={`control-skeleton-${name}`}
      aria-busy={!failed}
      style={{
        borderInlineStart: '3px solid transparent',
        paddingInlineStart: 'var(--mantine-spacing-sm)',
      }}
    >
      <Input.Wrapper label={label} labelElement="div" description={description}>
        <Box mt={shape === 'radio' ? 0 : 5}>
          {failed ? (
            <Text size="sm" c="red" role="alert">
              This control could not be loaded. Reload the page to edit {label}.
            </Text>
          ) : (
            <ControlBody name={name} shape={shape} />
          )}
        </Box>
      </Input.Wrapper>
    </Box>
  );
}

function lazyControl<Props extends object>(
  pick: (module: RichModule) => ComponentType<Props>,
  shape: Shape,
  nameOf: (props: Props) => ChatbotSettingKey,
) {
  return function LazyControl(props: Props) {
    const module = useRichModule();
    if (module && module !== 'failed') {
      const Control = pick(module);
      return <Control {...props} />;
    }
    return <ControlSkeleton name={nameOf(props)} shape={shape} failed={module === 'failed'} />;
  };
}

export const IntegerSetting = lazyControl((module) => module.IntegerSetting, 'input', (props) => props.name);
export const MessageLimitSetting = lazyControl((module) => module.MessageLimitSetting, 'limit', () => 'MessageLimit');
export const ModelSetting = lazyControl((module) => module.ModelSetting, 'select', () => 'Model');
export const TimeZoneSetting = lazyControl((module) => module.TimeZoneSetting, 'select', () => 'TimeZone');
export const LanguageSetting = lazyControl((module) => module.LanguageSetting, 'select', () => 'AIResponseLanguage');
export const ColorSetting = lazyControl((module) => module.ColorSetting, 'input', (props) => props.name);
export const BubbleAlignSetting = lazyControl((module) => module.BubbleAlignSetting, 'radio', () => 'ChatBubbleAlign');
