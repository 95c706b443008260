import { Box, ComboboxChevron, getParsedComboboxData, Group, Input, Stack, Text, type BoxProps } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { ChatbotSettingKey } from '../../api/contract';
import { loadOnce } from '../../lib/load-once';
import { useLoadAtIdle } from '../../app/load-at-idle';
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
  useLoadAtIdle(loadRichControls);
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

/** The shapes drawn under a label; a switch has its label beside it (SwitchSkeleton). */
type BodyShape = 'input' | 'select' | 'limit' | 'radio' | 'image';
type Shape = BodyShape | 'switch';

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

function ControlBody({ name, shape }: { name: ChatbotSettingKey; shape: BodyShape }) {
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
          {/* The "Unlimited messages" switch: its track and label are one line of 20 px. */}
          <Block h={20} w={180} radius="xl" />
        </Stack>
      );
    case 'radio':
      return <Block mt={6} h={20} w={240} radius="sm" />;
    case 'image': {
      // ImageUploadInput's frame: the thumbnail, its button, and the line naming the file.
      const fileId = String(getValues(name) ?? '');
      return (
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Block w={56} h={56} radius="md" />
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Block h={30} w={96} radius="sm" />
            <Text size="xs" c="dimmed">
              {fileId ? `File id ${fileId}` : 'No image'}
            </Text>
          </Stack>
        </Group>
      );
    }
  }
}

/**
 * A switch's place, laid out as Mantine's Switch at size sm draws (its track, then its label
 * and description beside it, with the same sizes and line heights), so nothing moves when it comes.
 */
function SwitchSkeleton({ label, description, failed }: { label: string; description: string; failed: boolean }) {
  return (
    <Group gap={0} wrap="nowrap" align="flex-start" pe={90}>
      <Block w={38} h={20} radius="xl" flex="none" />
      <Box ps="sm">
        <Text size="sm" lh="20px">
          {label}
        </Text>
        {failed ? (
          <Text size="sm" c="red" role="alert" mt={5}>
            This control could not be loaded. Reload the page to edit {label}.
          </Text>
        ) : (
          <Text size="xs" lh={1.2} mt={5} c="dimmed">
            {description}
          </Text>
        )}
      </Box>
    </Group>
  );
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
      {shape === 'switch' ? (
        <SwitchSkeleton label={label} description={description} failed={failed} />
      ) : (
        <Input.Wrapper label={label} labelElement="div" description={description}>
          <Box mt={shape === 'radio' ? 0 : shape === 'image' ? 6 : 5}>
            {failed ? (
              <Text size="sm" c="red" role="alert">
                This control could not be loaded. Reload the page to edit {label}.
              </Text>
            ) : (
              <ControlBody name={name} shape={shape} />
            )}
          </Box>
        </Input.Wrapper>
      )}
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
export const SwitchSetting = lazyControl((module) => module.SwitchSetting, 'switch', (props) => props.name);
export const ImageSetting = lazyControl((module) => module.ImageSetting, 'image', (props) => props.name);
