import type * as z from 'zod/mini';

/**
 * The service's Message names the offending field as its first word:
 * `TalkToHumanEmail: must be an e-mail address such as name@example.com`.
 * Nested paths are dotted (`ExtensionColumn.0.Key`). The client reads the
 * field back with `fieldOfMessage` to put the message at the right control.
 */
export function fieldMessage(path: readonly PropertyKey[], message: string): string {
  const field = path.map(String).join('.');
  return field === '' ? message : `${field}: ${message}`;
}

const FIELD_PREFIX = /^([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*): (.+)$/s;

export function fieldOfMessage(message: string): { field: string; text: string } | null {
  const match = FIELD_PREFIX.exec(message);
  return match ? { field: match[1]!, text: match[2]! } : null;
}

/**
 * The first issue of a failed parse, as one service Message. Parse with
 * `{ reportInput: true }` so a missing field ("is required") is told from a wrong one.
 */
export function messageOfZodError(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'request body is invalid';
  if (issue.code === 'unrecognized_keys') {
    return fieldMessage([...issue.path, issue.keys[0] ?? ''], 'is not a field of this operation');
  }
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && isMissing(issue)) {
    return fieldMessage(issue.path, 'is required');
  }
  return fieldMessage(issue.path, issue.message);
}

/**
 * Without `reportInput` zod leaves `input` out of the issue, and "no input" must not read
 * as "missing" (a text Temperature is not a missing one); zod's own wording still says it.
 * A missing enum (SaleType) is an invalid_value, not an invalid_type.
 */
function isMissing(issue: z.core.$ZodIssueInvalidType | z.core.$ZodIssueInvalidValue): boolean {
  return 'input' in issue ? issue.input === undefined : issue.message.endsWith('received undefined');
}
