import { ApiError } from '../../api/client';
import { chatbotSettingsSchema, NEUTRAL_SETTINGS, NOTHING_SAVED_YET } from '../../api/contract';
import { QueryClient } from '@tanstack/react-query';
import { chatbotDetailQueryOptions, isDetailMissing } from '../../api/chatbot';
import { saveConnection } from '../../api/credentials';

describe('isDetailMissing', () => {
  it('reads a 404 that names no field as a service without Detail', () => {
    expect(isDetailMissing(new ApiError('Detail', 404, 404, 'No operation at POST /chat/Chatbot/Detail'))).toBe(true);
    expect(isDetailMissing(new ApiError('Detail', 404, 404, 'Not Found'))).toBe(true);
    // What the console says in proxy mode before any save passed through it.
    expect(isDetailMissing(new ApiError('Detail', 404, 404, NOTHING_SAVED_YET))).toBe(true);
  });

  it('reads a 404 about serialNumber as an unknown chatbot, not a missing operation', () => {
    expect(isDetailMissing(new ApiError('Detail', 404, 404, 'serialNumber: no chatbot with this id'))).toBe(false);
  });

  it('leaves other failures to be reported', () => {
    expect(isDetailMissing(new ApiError('Detail', 500, 500, 'boom'))).toBe(false);
    expect(isDetailMissing(new ApiError('Detail', 0, 0, 'offline'))).toBe(false);
    expect(isDetailMissing(new Error('404'))).toBe(false);
  });
});

describe('NEUTRAL_SETTINGS', () => {
  it('passes the contract, so untouched starting values never block saving', () => {
    expect(chatbotSettingsSchema.safeParse(NEUTRAL_SETTINGS).success).toBe(true);
  });
});

describe('chatbotDetailQueryOptions', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const answer = (code: number, message: string) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ Data: null, Version: '1.0', Success: false, Code: code, Message: message }), { status: code, headers: { 'content-type': 'application/json' } })),
    );

  it('answers null, not an error, when the service cannot report the settings, so a refetch keeps the form mounted', async () => {
    saveConnection({ baseUrl: '', chatbotIds: ['bot'] });
    answer(404, NOTHING_SAVED_YET);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(chatbotDetailQueryOptions('bot'))).resolves.toBeNull();
    answer(404, 'serialNumber: no chatbot with this id');
    await expect(new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(chatbotDetailQueryOptions('bot'))).rejects.toMatchObject({ status: 404 });
  });
});
