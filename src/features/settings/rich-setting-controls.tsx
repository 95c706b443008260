import { Group, NumberInput, Radio, Select, Stack, Switch, TextInput, type NumberInputProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { modelListQueryOptions } from '../../api/models';
import { CHAT_BUBBLE_ALIGN, type ChatbotSettingKey } from '../../api/contract';
import { languageNames, timeZoneValues, type Option } from './intl-options';
import { ImageUploadInput } from './image-upload-input';
import { RgbColorInput } from './rgb-color-input';
import { SettingRow, useSettingField, type FlagKey, type NumberKey, type TextKey } from './setting-controls';
import { useSettingsBaseline } from './settings-baseline';

/**
 * The controls built on heavier components: a chunk of its own (lazy-setting-controls.tsx
 * fetches it once the page has drawn), so a first visit draws the form without Popover,
 * floating-ui, Combobox, NumberInput, ColorInput and Radio, nor the Switch, Avatar, Progress
 * and upload code of the later sections (none is in the first section, which draws at once).
 */

/** What a NumberInput reports as a whole number, or null while it is empty or half typed ("-"). */
function integerOf(input: number | string): number | null {
  if (typeof input === 'number') return input;
  const text = input.trim();
  if (text === '' || text === '-') return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

type IntegerInputProps = Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (value: number | null) => void;
};

/**
 * A whole-number input whose empty or half-typed text stays on screen while the form holds
 * null, so "-" can become "-1" and a cleared field is reported as required.
 */
function IntegerInput({ value, onChange, ...props }: IntegerInputProps) {
  const [text, setText] = useState<number | string>(value ?? '');
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (integerOf(text) !== value) setText(value ?? '');
  }
  return (
    <NumberInput
      {...props}
      allowDecimal={false}
      value={text}
      onChange={(next) => {
        setText(next);
        const parsed = integerOf(next);
        setLastValue(parsed);
        onChange(parsed);
      }}
    />
  );
}

export function IntegerSetting({
  name,
  deps,
  ...props
}: { name: NumberKey; deps?: ChatbotSettingKey[] } & Pick<NumberInputProps, 'min' | 'max' | 'placeholder' | 'allowNegative'>) {
  const { field, inputRef, value, label, description, error, changed, revert } = useSettingField(name, deps);
  return (
    <SettingRow label={label} changed={changed} onRevert={revert}>
      <IntegerInput
        {...props}
        ref={inputRef}
        name={field.name}
        label={label}
        description={description}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={error}
      />
    </SettingRow>
  );
}

/** MessageLimit: -1 means unlimited, so a switch says that instead of a magic number. */
export function MessageLimitSetting() {
  const { field, inputRef, value, label, description, error, changed, revert } = useSettingField('MessageLimit');
  const unlimited = value === -1;
  // Turning "unlimited" off brings back the last limit the user had, not an arbitrary one.
  const [lastLimit, setLastLimit] = useState(value !== null && value >= 1 ? value : 1000);
  if (value !== null && value >= 1 && value !== lastLimit) setLastLimit(value);
  return (
    <SettingRow label={label} changed={changed} onRevert={revert}>
      <Stack gap="xs">
        <IntegerInput
          ref={inputRef}
          name={field.name}
          label={label}
          description={description}
          placeholder={unlimited ? 'Unlimited' : undefined}
          disabled={unlimited}
          value={unlimited ? null : value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error}
        />
        <Switch
          label="Unlimited messages"
          checked={unlimited}
          onChange={(event) => field.onChange(event.currentTarget.checked ? -1 : lastLimit)}
        />
      </Stack>
    </SettingRow>
  );
}

function SelectSetting({
  name,
  data,
  placeholder,
  nothingFound,
}: {
  name: TextKey;
  data: (Option & { disabled?: boolean })[];
  placeholder?: string;
  nothingFound: string;
}) {
  const { field, inputRef, value, label, description, error, changed, revert } = useSettingField(name);
  return (
    <SettingRow label={label} changed={changed} onRevert={revert}>
      <Select
        ref={inputRef}
        name={field.name}
        label={label}
        description={description}
        placeholder={placeholder}
        data={data}
        searchable
        allowDeselect={false}
        nothingFoundMessage={nothingFound}
        maxDropdownHeight={280}
        comboboxProps={{ withinPortal: true }}
        value={value === '' ? null : value}
        onChange={(next) => field.onChange(next ?? '')}
        onBlur={field.onBlur}
        error={error}
      />
    </SettingRow>
  );
}

export function TimeZoneSetting() {
  const baseline = useSettingsBaseline();
  const data = useMemo(
    () => timeZoneValues(baseline.TimeZone).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    [baseline.TimeZone],
  );
  return <SelectSetting name="TimeZone" data={data} placeholder="Search time zones" nothingFound="No such time zone" />;
}

export function LanguageSetting() {
  const baseline = useSettingsBaseline();
  const data = useMemo(
    () => languageNames(baseline.AIResponseLanguage).map((name) => ({ value: name, label: name })),
    [baseline.AIResponseLanguage],
  );
  return <SelectSetting name="AIResponseLanguage" data={data} placeholder="Search languages" nothingFound="No such language" />;
}

/** Model from ModelList; unavailable models are shown but cannot be picked. */
export function ModelSetting() {
  const models = useQuery(modelListQueryOptions());
  const baseline = useSettingsBaseline();
  const data = useMemo(() => {
    const options = (models.data ?? []).map((model) => ({
      value: model.Key,
      label: model.Status ? model.Value : `${model.Value} (unavailable)`,
      disabled: !model.Status,
    }));
    const saved = baseline.Model;
    if (saved !== '' && !options.some((option) => option.value === saved)) {
      options.unshift({ value: saved, label: `${saved} (not in the model list)`, disabled: false });
    }
    return options;
  }, [models.data, baseline.Model]);

  if (models.isError) return <ModelTextSetting reason={models.error instanceof Error ? models.error.message : 'unknown error'} />;
  return (
    <SelectSetting
      name="Model"
      data={data}
      placeholder={models.isPending ? 'Loading models…' : 'Choose a model'}
      nothingFound="No such model"
    />
  );
}

/** Without the model list the id can still be typed, as the service would take it. */
function ModelTextSetting({ reason }: { reason: string }) {
  const { field, inputRef, value, label, error, changed, revert } = useSettingField('Model');
  return (
    <SettingRow label={label} changed={changed} onRevert={revert}>
      <TextInput
        ref={inputRef}
        name={field.name}
        label={label}
        description={`The model list could not be loaded (${reason}). Type the model id.`}
        value={value}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={field.onBlur}
        error={error}
      />
    </SettingRow>
  );
}

export function ColorSetting({ name }: { name: 'ChatBubbleColor' | 'UserMessageColor' }) {
  const { field, inputRef, value, label, description, error, changed, revert } = useSettingField(name);
  return (
    <SettingRow label={label} changed={changed} onRevert={revert}>
      <RgbColorInput
        ref={inputRef}
        name={field.name}
        label={label}
        description={description}
        placeholder="rgb(34,139,230)"
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={error}
      />
    </SettingRow>
  );
}

export function BubbleAlignSetting() {
  const { field, inputRef, value, label, description, error, changed, revert } = useSettingField('ChatBubbleAlign');
  return (
    <SettingRow label={label} changed={changed} onRevert={revert}>
      <Radio.Group
        name={field.name}
        label={label}
        description={description}
        value={String(value)}
        onChange={(next) => field.onChange(Number(next))}
        error={error}
      >
        <Group mt={6}>
          <Radio ref={inputRef} value={String(CHAT_BUBBLE_ALIGN.right)} label="Bottom right" onBlur={field.onBlur} />
          <Radio value={String(CHAT_BUBBLE_ALIGN.left)} label="Bottom left" onBlur={field.onBlur} />
        </Group>
      </Radio.Group>
    </SettingRow>
  );
}

export function SwitchSetting({ name }: { name: FlagKey }) {
  const { field, inputRef, value, label, description, error, changed, revert } = useSettingField(name);
  return (
    <SettingRow label={label} changed={changed} onRevert={revert}>
      <Switch
        ref={inputRef}
        name={field.name}
        label={label}
        description={description}
        checked={value}
        onChange={(event) => field.onChange(event.currentTarget.checked)}
        onBlur={field.onBlur}
        error={error}
        pe={90}
      />
    </SettingRow>
  );
}

export function ImageSetting({ name }: { name: 'ChatProfilePicture' | 'ChatIcon' }) {
  const { field, inputRef, value, label, description, error, changed, revert } = useSettingField(name);
  return (
    <SettingRow label={label} changed={changed} onRevert={revert}>
      <ImageUploadInput
        label={label}
        description={description}
        value={value}
        onChange={(id) => {
          field.onChange(id);
          field.onBlur();
        }}
        error={error}
        buttonRef={inputRef}
      />
    </SettingRow>
  );
}
