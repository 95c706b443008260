import { fieldOfMessage } from './contract/errors';

/**
 * What the service or the console server refused, or that no answer came (status 0). The
 * operations' ApiError (client.ts) and the console routes' ConsoleError (console-fetch.ts)
 * both are one, so a form reads the field a Message names the same way from either.
 */
export abstract class ServiceError extends Error {
  /** The field the Message names, when it names one (`Email: is not an email address`). */
  readonly field: string | null;
  /** The Message without the field's name. */
  readonly fieldText: string | null;

  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    const named = fieldOfMessage(message);
    this.field = named?.field ?? null;
    this.fieldText = named?.text ?? null;
  }

  get isOffline(): boolean {
    return this.status === 0;
  }
}
