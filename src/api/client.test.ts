// @vitest-environment jsdom
import { apiFetch, apiRequest, ApiError, isApiError } from './client';
import { onUnauthorized } from './session-ended';
import { type OperationName } from './contract';
import { operations } from './contract/operations';
import { saveConnection, type Connection } from './credentials';
import type * as answerChecks from './answer-checks';
import { loadAnswerSchema } from './answer-checks';
import { DOWNLOAD_FAILED_MESSAGE } from '../lib/load-once';

// The real loader, wrapped so that one test can make a download fail.
vi.mock('./answer-checks', async (importOriginal) => {
  const original = await importOriginal<typeof answerChecks>();
  return { ...original, loadAnswerSchema: vi.fn(original.loadAnswerSchema) };
});

/**
 * The faults here (a service answering 200 with Success false, a payload off the contract,
 * HTML instead of JSON, no network) are what the local service cannot produce on request,
 * so fetch is stubbed; the happy paths are covered against the real service end to end.
 */

const connection: Connection = { baseUrl: '', chatbotIds: ['demo-bot'] };

function envelope(data: unknown, overrides: Record<string, unknown> = {}) {
  return { Data: data, Version: '1.0', Success: true, Code: 200, Message: '', ...overrides };
}

function jsonResponse(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
}

/** Replaces fetch for one test; the returned mock records every call. */
function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof stubFetch>, call = 0) {
  const [input, init] = fetchMock.mock.calls[call] ?? [];
  return { url: String(input), init: init ?? {}, headers: new Headers(init?.headers) };
}

/** Awaits a promise that must reject and returns what it rejected with. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  saveConnection(connection);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch, when the answer schemas cannot be downloaded', () => {
  it('fails with the download message, and the next request checks its answer again', async () => {
    stubFetch(() => jsonResponse(envelope({ SessionID: 7 })));
    vi.mocked(loadAnswerSchema).mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    const failure = await failureOf(apiFetch('GetSession', { serialNumber: 'demo-bot' }));
    expect(isApiError(failure) && failure.message).toBe(DOWNLOAD_FAILED_MESSAGE);
    await expect(apiFetch('GetSession', { serialNumber: 'demo-bot' })).resolves.toEqual({ SessionID: 7 });
  });
});

describe('apiFetch, success', () => {
  it('posts the body as JSON to the operation path and returns Data', async () => {
    const fetchMock = stubFetch(() => jsonResponse(envelope({ SessionID: 7 })));
    await expect(apiFetch('GetSession', { serialNumber: 'demo-bot' })).resolves.toEqual({ SessionID: 7 });
    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe('/chat/Chatbot/GetSession');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ serialNumber: 'demo-bot' });
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('sends ModelList as a GET without a body', async () => {
    const models = [{ Key: 'gpt-4o-mini', Value: 'GPT-4o mini', Status: true }];
    const fetchMock = stubFetch(() => jsonResponse(envelope(models)));
    await expect(apiFetch('ModelList', undefined)).resolves.toEqual(models);
    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe('/chat/Chatbot/ModelList');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.has('content-type')).toBe(false);
  });

  it('sends the operation’s own headers', async () => {
    const fetchMock = stubFetch(() => jsonResponse(envelope(1)));
    await apiFetch('Edit', { serialNumber: 'demo-bot', Name: 'Sunny' }, { headers: { 'x-settings-source': 'console' } });
    expect(sent(fetchMock).headers.get('x-settings-source')).toBe('console');
  });

  it('passes the abort signal to fetch', async () => {
    const fetchMock = stubFetch(() => jsonResponse(envelope(1)));
    const controller = new AbortController();
    await apiFetch('Edit', { serialNumber: 'demo-bot', Name: 'Sunny' }, { signal: controller.signal });
    expect(sent(fetchMock).init.signal).toBe(controller.signal);
  });
});

describe('apiFetch, failures', () => {
  it('turns a non-2xx envelope into an ApiError with status, code, Message, operation and field', async () => {
    stubFetch(() =>
      jsonResponse(
        envelope(null, { Success: false, Code: 400, Message: 'TalkToHumanEmail: must be an e-mail address such as name@example.com' }),
        400,
        'Bad Request',
      ),
    );
    const error = await failureOf(apiFetch('Edit', { serialNumber: 'demo-bot', TalkToHumanEmail: 'nobody' }));
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'ApiError',
      operation: 'Edit',
      status: 400,
      code: 400,
      message: 'TalkToHumanEmail: must be an e-mail address such as name@example.com',
      field: 'TalkToHumanEmail',
      fieldText: 'must be an e-mail address such as name@example.com',
      isOffline: false,
    });
  });

  it('reads a nested field path out of the Message', async () => {
    stubFetch(() => jsonResponse(envelope(null, { Success: false, Code: 400, Message: 'ExtensionColumn.0.Key: is required' }), 400));
    const error = await failureOf(apiFetch('RealEstateDelete', { SerialNumber: 'demo-bot', Keys: ['1'], KeyType: 'PlatformId' }));
    expect(error).toMatchObject({ field: 'ExtensionColumn.0.Key', fieldText: 'is required' });
  });

  it('leaves field empty when the Message names no field', async () => {
    stubFetch(() => jsonResponse(envelope(null, { Success: false, Code: 404, Message: 'There is no chatbot with this id' }), 404));
    const error = await failureOf(apiFetch('Detail', { serialNumber: 'nobody' }));
    expect(error).toMatchObject({ status: 404, code: 404, message: 'There is no chatbot with this id', field: null });
  });

  it('falls back to the status text when the envelope Message is empty', async () => {
    stubFetch(() => jsonResponse(envelope(null, { Success: false, Code: 500 }), 500, 'Internal Server Error'));
    const error = await failureOf(apiFetch('Detail', { serialNumber: 'demo-bot' }));
    expect(error).toMatchObject({ status: 500, code: 500, message: 'Internal Server Error' });
  });

  it('keeps how long a refusal asks to wait (Retry-After), and null when it does not say', async () => {
    const refusal = envelope(null, { Success: false, Code: 429, Message: 'RateLimitMessage: slow down' });
    stubFetch(() => new Response(JSON.stringify(refusal), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '7' } }));
    expect(await failureOf(apiFetch('Detail', { serialNumber: 'demo-bot' }))).toMatchObject({ status: 429, retryAfter: '7' });
    stubFetch(() => jsonResponse(refusal, 429));
    expect(await failureOf(apiFetch('Detail', { serialNumber: 'demo-bot' }))).toMatchObject({ status: 429, retryAfter: null });
  });

  it('reports a non-2xx answer that is not JSON with its status', async () => {
    stubFetch(() => new Response('<html><body>Bad gateway</body></html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }));
    const error = await failureOf(apiFetch('GetSession', { serialNumber: 'demo-bot' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ operation: 'GetSession', status: 502, code: 502, message: 'The service answered 502 Bad Gateway', field: null });
  });

  it('turns a 2xx answer with Success false into an ApiError carrying the business code', async () => {
    stubFetch(() => jsonResponse(envelope(null, { Success: false, Code: 429, Message: 'sessionID: too many messages, wait a minute' })));
    const error = await failureOf(apiFetch('ClientAsk', { sessionID: 1, content: 'Hi' }));
    expect(error).toMatchObject({ operation: 'ClientAsk', status: 200, code: 429, field: 'sessionID', message: 'sessionID: too many messages, wait a minute' });
  });

  it('names the field when a 2xx answer does not match the contract, instead of crashing later', async () => {
    stubFetch(() => jsonResponse(envelope({ SessionID: 'seven' })));
    const error = await failureOf(apiFetch('GetSession', { serialNumber: 'demo-bot' }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/^GetSession answered an unexpected Data\.SessionID: /);
    expect(error).toMatchObject({ status: 200, operation: 'GetSession' });
  });

  it('names the nested field of a list row that does not match the contract', async () => {
    stubFetch(() => jsonResponse(envelope({ List: [{ ID: 'one' }], VirtualCount: 1 })));
    const error = await failureOf(apiFetch('RealEstateList', { SerialNumber: 'demo-bot' }));
    expect((error as ApiError).message).toMatch(/Data\.List\.0\.ID/);
  });

  it('reports a 2xx answer that is not the envelope at all', async () => {
    stubFetch(() => new Response('<!doctype html><title>App</title>', { status: 200, headers: { 'content-type': 'text/html' } }));
    const error = await failureOf(apiFetch('ModelList', undefined));
    expect(error).toMatchObject({ operation: 'ModelList', status: 200, message: "ModelList answered with something other than the service's envelope" });
  });

  it('reports an unreachable service as status 0', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(apiFetch('Detail', { serialNumber: 'demo-bot' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 0, isOffline: true, operation: 'Detail' });
    expect((error as ApiError).message).toMatch(/could not be reached/);
  });

  it('lets an abort through as the AbortError it is, not as an offline service', async () => {
    const controller = new AbortController();
    controller.abort();
    stubFetch(() => Promise.reject(controller.signal.reason));
    const error = await failureOf(apiFetch('Detail', { serialNumber: 'demo-bot' }, { signal: controller.signal }));
    expect(isApiError(error)).toBe(false);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});

describe('apiRequest, refused credentials', () => {
  const refused = () => jsonResponse(envelope(null, { Success: false, Code: 401, Message: 'Authorization: the secret key is not valid' }), 401);

  it('tells the app about a 401 so it can ask for new keys', async () => {
    stubFetch(refused);
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    try {
      await failureOf(apiFetch('Detail', { serialNumber: 'demo-bot' }));
    } finally {
      unsubscribe();
    }
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]?.[0]).toMatchObject({ status: 401, operation: 'Detail' });
  });

  it('keeps a 401 to itself when asking another service than the console’s', async () => {
    stubFetch(refused);
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    try {
      const error = await failureOf(apiFetch('ModelList', undefined, { connection: { ...connection, baseUrl: 'https://elsewhere.example.com' } }));
      expect(error).toMatchObject({ status: 401 });
    } finally {
      unsubscribe();
    }
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('apiRequest, credentials and addresses', () => {
  const OPERATION_NAMES = Object.keys(operations) as OperationName[];

  /** apiRequest sends the body as given and checks no payload, so an empty body will do. */
  async function headersFor(name: OperationName, keys: Partial<Connection> = {}) {
    const fetchMock = stubFetch(() => jsonResponse(envelope(null)));
    await apiRequest(name, {} as never, { connection: { ...connection, ...keys } });
    return sent(fetchMock);
  }

  it.each(OPERATION_NAMES)('%s carries no key: the session cookie goes with a same-origin request, and the server adds its key', async (name) => {
    const { headers, init } = await headersFor(name);
    expect(headers.has('authorization')).toBe(false);
    expect(headers.has('chatrobot-sessionkey')).toBe(false);
    // fetch's default: cookies go to this origin only, never to another site.
    expect(init.credentials ?? 'same-origin').toBe('same-origin');
  });

  it.each(OPERATION_NAMES)('%s talks to the same origin, to its own path', async (name) => {
    const { url, init } = await headersFor(name);
    expect(url).toBe(operations[name].path);
    expect(url.startsWith('/chat/')).toBe(true);
    expect(init.method).toBe(operations[name].method);
  });

  it('prefixes the path with a configured base address', async () => {
    const { url } = await headersFor('Detail', { baseUrl: 'https://bots.example.com' });
    expect(url).toBe('https://bots.example.com/chat/Chatbot/Detail');
  });

});
