import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isConsoleError } from '../../api/console-fetch';

/**
 * Puts the server's refusal at the field its Message names (`password: must be at least 12
 * characters`); returns the message for the form's alert when it names none of the form's fields.
 */
export function showServerError<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): string | null {
  if (isConsoleError(error) && error.field && error.fieldText && (fields as readonly string[]).includes(error.field)) {
    setError(error.field as Path<Values>, { type: 'server', message: error.fieldText }, { shouldFocus: true });
    return null;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}
