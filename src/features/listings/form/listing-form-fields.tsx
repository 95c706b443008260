import { NativeSelect, NumberInput, TextInput, type NumberInputProps } from '@mantine/core';
import { useController, useFormContext, type FieldPath } from 'react-hook-form';
import type { ListingFields, ListingFormValues } from './listing-form-schema';
import { GrowingTextarea } from '../../../components/growing-textarea';

type FieldName = FieldPath<ListingFormValues>;

/** Messages follow the label ("is required"), so the label goes in front: "MLS number is required". */
export function fieldErrorText(label: string, message: string | undefined): string | undefined {
  return message ? `${label} ${message}` : undefined;
}

/** The props every input takes, with the error already worded for people. */
function useListingField(name: FieldName, label: string) {
  const { control } = useFormContext<ListingFormValues, unknown, ListingFields>();
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return { ref, name, value, onChange, onBlur, error: fieldErrorText(label, fieldState.error?.message) };
}

interface FieldProps {
  name: FieldName;
  label: string;
  description?: string;
  /** Marks the field; the schema, not the browser, enforces it. */
  withAsterisk?: boolean;
  placeholder?: string;
}

export function TextField({ name, label, ...rest }: FieldProps) {
  const { ref, value, onChange, onBlur, error } = useListingField(name, label);
  return (
    <TextInput
      {...rest}
      label={label}
      ref={ref}
      name={name}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
    />
  );
}

export function TextareaField({ name, label, ...rest }: FieldProps) {
  const { ref, value, onChange, onBlur, error } = useListingField(name, label);
  return (
    <GrowingTextarea
      {...rest}
      label={label}
      ref={ref}
      name={name}
      minRows={3}
      maxRows={8}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
    />
  );
}

type NumberFieldProps = FieldProps & Pick<NumberInputProps, 'step' | 'allowDecimal' | 'allowNegative' | 'decimalScale' | 'thousandSeparator' | 'prefix' | 'suffix'>;

export function NumberField({ name, label, ...rest }: NumberFieldProps) {
  const { ref, value, onChange, onBlur, error } = useListingField(name, label);
  return (
    <NumberInput
      // Out-of-range input is shown as an error, never silently changed.
      clampBehavior="none"
      {...rest}
      label={label}
      ref={ref}
      name={name}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
    />
  );
}

interface SelectFieldProps extends FieldProps {
  options: ReadonlyArray<{ value: string; label: string }>;
}

export function SelectField({ name, label, options, ...rest }: SelectFieldProps) {
  const { ref, value, onChange, onBlur, error } = useListingField(name, label);
  return (
    <NativeSelect
      {...rest}
      label={label}
      ref={ref}
      name={name}
      data={options.map((option) => ({ ...option }))}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
    />
  );
}
