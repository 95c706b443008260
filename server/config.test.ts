// @vitest-environment node
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv, ConfigError, seededChatbotIds } from './config';

describe('configFromEnv', () => {
  it('reads ALLOWED_HOSTS as lower-cased names and refuses anything that is not a host name', () => {
    expect(configFromEnv({ ALLOWED_HOSTS: ' Console.Example.com, .agency.example ,10.0.0.5,[::2]' }).allowedHosts).toEqual([
      'console.example.com',
      '.agency.example',
      '10.0.0.5',
      '[::2]',
    ]);
    expect(configFromEnv({}).allowedHosts).toEqual([]);
    for (const bad of ['*', 'https://console.example.com', 'console.example.com:443', 'a b', 'console.example.com/x', 'user@host']) {
      expect(() => configFromEnv({ ALLOWED_HOSTS: bad }), bad).toThrow(/^ALLOWED_HOSTS: /);
    }
  });

  it('has the documented defaults', () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({
      port: 8787,
      host: 'localhost',
      dataDir: resolve('data'),
      secretKey: 'demo-secret-key',
      sessionKey: 'demo-session-key',
      demoChatbotId: 'demo-bot',
      extraChatbotIds: [],
      upstream: null,
      streamDelayMs: 25,
      logLevel: 'warn',
    });
    expect(config.distDir).toBe(resolve(import.meta.dirname, '..', 'dist'));
  });

  it('reads every variable', () => {
    const config = configFromEnv({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/realty',
      API_SECRET_KEY: 's3cret',
      API_SESSION_KEY: 'sess',
      DEMO_CHATBOT_ID: 'my-bot',
      EXTRA_CHATBOT_IDS: ' a, b ,,a,my-bot ',
      STREAM_DELAY_MS: '0',
      STREAM_BURST_FRAGMENTS: '500',
      LOG_LEVEL: 'info',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/realty',
      secretKey: 's3cret',
      sessionKey: 'sess',
      demoChatbotId: 'my-bot',
      extraChatbotIds: ['a', 'b', 'my-bot'],
      streamDelayMs: 0,
      streamBurstFragments: 500,
      logLevel: 'info',
    });
    expect(seededChatbotIds(config)).toEqual(['my-bot', 'my-bot-staging', 'a', 'b']);
  });

  it('treats empty values as unset', () => {
    expect(configFromEnv({ API_SECRET_KEY: '', PORT: ' ', UPSTREAM_URL: '' })).toMatchObject({
      secretKey: 'demo-secret-key',
      port: 8787,
      upstream: null,
    });
  });

  it('turns on proxy mode with UPSTREAM_URL, offering DEMO_CHATBOT_ID only when set', () => {
    expect(configFromEnv({ UPSTREAM_URL: 'https://api.example.com/v1/' }).upstream).toEqual({
      url: 'https://api.example.com/v1',
      secretKey: null,
      sessionKey: null,
      chatbotIds: [],
    });
    expect(
      configFromEnv({
        UPSTREAM_URL: 'https://api.example.com',
        UPSTREAM_SECRET_KEY: 'up-secret',
        UPSTREAM_SESSION_KEY: 'up-session',
        DEMO_CHATBOT_ID: 'hosted-bot',
      }).upstream,
    ).toEqual({ url: 'https://api.example.com', secretKey: 'up-secret', sessionKey: 'up-session', chatbotIds: ['hosted-bot'] });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: must be a whole number between 0 and 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT: must be a whole number between 0 and 65535, got "70000"'],
    [{ STREAM_DELAY_MS: '-1' }, 'STREAM_DELAY_MS: must be a whole number between 0 and 10000, got "-1"'],
    [{ STREAM_BURST_FRAGMENTS: '0' }, 'STREAM_BURST_FRAGMENTS: must be a whole number between 1 and 100000, got "0"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ UPSTREAM_URL: 'ftp://example.com' }, 'UPSTREAM_URL: must be a full http:// or https:// address'],
    [{ UPSTREAM_URL: 'example.com' }, 'UPSTREAM_URL: must be a full http:// or https:// address'],
    [{ UPSTREAM_URL: 'https://user:pw@example.com' }, 'UPSTREAM_URL: must not carry credentials; use UPSTREAM_SECRET_KEY and UPSTREAM_SESSION_KEY'],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(new ConfigError(message));
  });
});
