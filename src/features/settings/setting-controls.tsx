import { Box, Button, TextInput, VisuallyHidden, type TextInputProps } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useController, useFormContext, type FieldError, type PathValue } from 'react-hook-form';
import type { ChatbotSettingKey } from '../../api/contract';
import { ListEditor } from './list-editor';
import { SETTING_FIELDS, settingErrorText } from './setting-fields';
import { useSettingsBaseline } from './settings-baseline';
import { formFieldToSetting, toFormValues, type SettingsFormValues } from './settings-form-schema';
import { GrowingTextarea } from '../../components/growing-textarea';

/**
 * One control per Edit field, bound to the form with its own controller: a keystroke
 * re-renders only the field being typed in, never the whole form. The plain controls of
 * the first section are here; the others (Select, NumberInput, ColorInput, Radio, and the
 * switches and images of the later sections) are in rich-setting-controls.tsx, a chunk
 * fetched after the first paint.
 */

type KeysOfType<T> = { [Key in ChatbotSettingKey]: SettingsFormValues[Key] extends T ? Key : never }[ChatbotSettingKey];
export type TextKey = KeysOfType<string>;
export type FlagKey = KeysOfType<boolean>;
export type NumberKey = Exclude<KeysOfType<number | null>, 'ChatBubbleAlign'>;
export type ListKey = KeysOfType<string[]>;

export function useSettingField<Key extends ChatbotSettingKey>(name: Key, deps?: ChatbotSettingKey[]) {
  const { control, setValue } = useFormContext<SettingsFormValues>();
  const { field, fieldState } = useController({ control, name, rules: deps ? { deps } : undefined });
  const baseline = useSettingsBaseline();
  const { label, description } = SETTING_FIELDS[name];
  const value = field.value as SettingsFormValues[Key];
  const changed = !Object.is(formFieldToSetting(name, value), baseline[name]);
  const revert = () =>
    setValue(name, toFormValues(baseline)[name] as PathValue<SettingsFormValues, Key>, {
      shouldDirty: true,
      shouldTouch: true,
      shouldValidate: true,
    });
  return {
    field: { name: field.name, onChange: field.onChange, onBlur: field.onBlur },
    inputRef: field.ref,
    value,
    label,
    description,
    error: settingErrorText(label, fieldState.error?.message),
    fieldError: fieldState.error,
    changed,
    revert,
  };
}

/**
 * Marks a changed field and offers to revert just that one. The button sits beside the
 * label, outside it, so the control's accessible name stays the field's name.
 */
export function SettingRow({
  label,
  changed,
  onRevert,
  children,
}: {
  label: string;
  changed: boolean;
  onRevert: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      pos="relative"
      data-changed={changed || undefined}
      style={{
        borderInlineStart: `3px solid ${changed ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
        paddingInlineStart: 'var(--mantine-spacing-sm)',
      }}
    >
      {children}
      {changed && (
        <Button
          pos="absolute"
          top={-4}
          right={0}
          size="compact-xs"
          variant="subtle"
          leftSection={<IconArrowBackUp size={14} />}
          onClick={onRevert}
        >
          {/* Named by its content, not aria-label, so finding a control by its label finds only the control. */}
          Revert <VisuallyHidden>{label}</VisuallyHidden>
        </Button>
      )}
    </Box>
  );
}

export function TextSetting({
  name,
  ...props
}: { name: TextKey } & Pick<TextInputProps, 'placeholder' | 'inputMode' | 'autoComplete'>) {
  const { field, inputRef, value, label, description, error, changed, revert } = useSettingField(name);
  return (
    <SettingRow label={label} changed={changed} onRevert={revert}>
      <TextInput
        {...props}
        ref={inputRef}
        name={field.name}
        label={label}
        description={description}
        value={value}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={field.onBlur}
        error={error}
      />
    </SettingRow>
  );
}

export function TextareaSetting({ name, placeholder }: { name: TextKey; placeholder?: string }) {
  const { field, inputRef, value, label, description, error, changed, revert } = useSettingField(name);
  return (
    <SettingRow label={label} changed={changed} onRevert={revert}>
      <GrowingTextarea
        ref={inputRef}
        name={field.name}
        label={label}
        description={description}
        placeholder={placeholder}
        minRows={2}
        maxRows={10}
        value={value}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={field.onBlur}
        error={error}
      />
    </SettingRow>
  );
}

function itemErrorsOf(fieldError: FieldError | undefined, itemLabel: string): (string | undefined)[] | undefined {
  if (!Array.isArray(fieldError)) return undefined;
  return (fieldError as (FieldError | undefined)[]).map((entry, index) =>
    settingErrorText(`${itemLabel} ${index + 1}`, entry?.message),
  );
}

export function ListSetting({
  name,
  itemLabel,
  placeholder,
  emptyText,
}: {
  name: ListKey;
  itemLabel: string;
  placeholder: string;
  emptyText: string;
}) {
  const { field, inputRef, value, label, description, fieldError, changed, revert } = useSettingField(name);
  // A message about the list as a whole (from the service) sits on the list; per-row ones on the rows.
  const listMessage = Array.isArray(fieldError) ? undefined : fieldError?.message;
  return (
    <SettingRow label={label} changed={changed} onRevert={revert}>
      <ListEditor
        label={label}
        description={description}
        itemLabel={itemLabel}
        placeholder={placeholder}
        emptyText={emptyText}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={settingErrorText(label, listMessage)}
        itemErrors={itemErrorsOf(fieldError, itemLabel)}
        addButtonRef={inputRef}
      />
    </SettingRow>
  );
}
