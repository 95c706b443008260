/**
 * How reading a streamed answer can fail, apart from the reading itself (stream.ts, with
 * eventsource-parser, is a chunk fetched after the chat's first paint): the chat names a
 * failure by these classes (describe-ask-failure.ts) without downloading the reader. Free of
 * zod and of the console, as stream-framing.ts, which the widget shares.
 */

/** An object of the stream that is neither a fragment nor the final object. */
export class StreamFormatError extends Error {
  override readonly name = 'StreamFormatError';

  constructor(
    /** What was wrong, e.g. `content: is required`. */
    readonly detail: string,
    /** The start of the offending text, for a bug report. */
    readonly excerpt: string,
  ) {
    super(`The service sent a malformed fragment: ${detail}`);
  }
}

/** The body ended before the final object: the answer is cut short. */
export class StreamIncompleteError extends Error {
  override readonly name = 'StreamIncompleteError';

  constructor(
    /** How many fragments arrived before the end. */
    readonly fragmentCount: number,
    /** The body stopped in the middle of an object. */
    readonly truncated: boolean,
  ) {
    super(
      truncated
        ? `The answer ended before it was complete: the stream stopped in the middle of an object, after ${fragmentCount} fragments`
        : `The answer ended before it was complete: the stream stopped before its final object, after ${fragmentCount} fragments`,
    );
  }
}

/** The body went quiet for longer than the reader waits: the service stopped answering. */
export class StreamStalledError extends Error {
  override readonly name = 'StreamStalledError';

  constructor(
    /** How long nothing arrived. */
    readonly idleMs: number,
    /** How many fragments arrived before that. */
    readonly fragmentCount: number,
  ) {
    super(
      `The service stopped answering for ${Math.round(idleMs / 1000)} s` +
        (fragmentCount > 0 ? `, after ${fragmentCount} fragments` : ' before the answer began'),
    );
  }
}
