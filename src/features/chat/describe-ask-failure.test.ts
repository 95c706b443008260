import { ApiError } from '../../api/client';
import { StreamFormatError, StreamIncompleteError, StreamStalledError } from '../../api/stream-errors';
import { canRetry, describeAskFailure } from './describe-ask-failure';

describe('describeAskFailure', () => {
  it('a user abort is a stop, not a failure', () => {
    expect(describeAskFailure(new DOMException('The user aborted a request.', 'AbortError'))).toBe('stopped');
  });

  it('429 carries the chatbot’s own rate-limit message', () => {
    expect(describeAskFailure(new ApiError('ClientAsk', 429, 429, 'Slow down, friend.'))).toEqual({
      kind: 'rate-limited',
      message: 'Slow down, friend.',
      status: 429,
    });
  });

  it('reads the code of a 200 answer with Success false', () => {
    expect(describeAskFailure(new ApiError('ClientAsk', 200, 429, 'Too many'))).toMatchObject({ kind: 'rate-limited', status: 429 });
  });

  it('an unknown session offers a new one, an unknown chatbot does not', () => {
    const missing = describeAskFailure(new ApiError('ClientAsk', 404, 404, 'sessionID: no such session'));
    expect(missing).toEqual({ kind: 'session-missing', message: 'sessionID: no such session', status: 404 });
    expect(canRetry(missing as never)).toBe(false);
    expect(describeAskFailure(new ApiError('ClientAsk', 404, 404, 'serialNumber: no such chatbot'))).toMatchObject({ kind: 'service' });
  });

  it('an unreachable service is offline', () => {
    const failure = describeAskFailure(new ApiError('ClientAsk', 0, 0, 'The service could not be reached.'));
    expect(failure).toMatchObject({ kind: 'offline' });
  });

  it('a stream that breaks says so and keeps the reason', () => {
    const failure = describeAskFailure(new TypeError('network error'), true);
    expect(failure).toEqual({ kind: 'interrupted', message: 'The connection dropped after part of the answer (network error).' });
    expect(canRetry(failure as never)).toBe(true);
    expect(describeAskFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'interrupted',
      message: 'The connection dropped before the answer arrived (Failed to fetch).',
    });
  });

  it('a stream cut short, stalled or malformed says which, keeping the parser’s words', () => {
    expect(describeAskFailure(new StreamIncompleteError(4, false))).toEqual({
      kind: 'incomplete',
      message: 'The answer ended before it was complete: the stream stopped before its final object, after 4 fragments.',
    });
    expect(describeAskFailure(new StreamStalledError(30_000, 12))).toEqual({
      kind: 'stalled',
      message: 'The service stopped answering for 30 s, after 12 fragments.',
    });
    const malformed = describeAskFailure(new StreamFormatError('it is not valid JSON', '{oops'));
    expect(malformed).toEqual({ kind: 'malformed', message: 'The service sent a malformed fragment: it is not valid JSON' });
  });
});
