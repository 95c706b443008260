// @vitest-environment node
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv, ConfigError, defaultWidgetLimits, seededChatbotIds } from './config';

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

  it('reads TRUST_PROXY as addresses, networks and proxy-addr\'s names, and refuses trusting everyone', () => {
    expect(configFromEnv({}).trustProxy).toEqual([]);
    expect(configFromEnv({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,::1, 2001:DB8::/32, Loopback, uniquelocal' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      '2001:db8::/32',
      'loopback',
      'uniquelocal',
    ]);
    for (const bad of ['true', '*', '1', 'proxy.example.com', '10.0.0.0/33', '::/129', '10.0.0.0/8/8', '10.0.0.300', '10.0.0.0/x']) {
      expect(() => configFromEnv({ TRUST_PROXY: bad }), bad).toThrow(/^TRUST_PROXY: ".*" is not an address or network; give the proxy's address/);
    }
    for (const everyone of ['0.0.0.0/0', '::/0']) {
      expect(() => configFromEnv({ TRUST_PROXY: everyone }), everyone).toThrow(/^TRUST_PROXY: ".*" trusts every address/);
    }
  });

  it('reads the widget\'s limits, each on its own variable', () => {
    expect(configFromEnv({}).widgetLimits).toEqual({
      sessionsPerAddress: 100,
      questionsPerAddress: 300,
      uploadsPerAddress: 60,
      addressWindowMinutes: 60,
      filesPerChatbot: 1_000,
      fileBytesPerChatbot: 1_024 * 1024 * 1024,
      fileKeepMinutes: 60,
    });
    expect(
      configFromEnv({
        WIDGET_SESSIONS_PER_ADDRESS: '5',
        WIDGET_QUESTIONS_PER_ADDRESS: '50',
        WIDGET_UPLOADS_PER_ADDRESS: '7',
        WIDGET_ADDRESS_WINDOW_MINUTES: '1440',
        WIDGET_FILES_PER_CHATBOT: '200',
        WIDGET_FILE_MB_PER_CHATBOT: '20',
        WIDGET_FILE_KEEP_MINUTES: '15',
      }).widgetLimits,
    ).toEqual({
      sessionsPerAddress: 5,
      questionsPerAddress: 50,
      uploadsPerAddress: 7,
      addressWindowMinutes: 1440,
      filesPerChatbot: 200,
      fileBytesPerChatbot: 20 * 1024 * 1024,
      fileKeepMinutes: 15,
    });
    expect(configFromEnv({ WIDGET_SESSIONS_PER_ADDRESS: '7' }).widgetLimits).toEqual({ ...defaultWidgetLimits(), sessionsPerAddress: 7 });
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
    [{ WIDGET_SESSIONS_PER_ADDRESS: '0' }, 'WIDGET_SESSIONS_PER_ADDRESS: must be a whole number between 1 and 1000000, got "0"'],
    [{ WIDGET_QUESTIONS_PER_ADDRESS: 'lots' }, 'WIDGET_QUESTIONS_PER_ADDRESS: must be a whole number between 1 and 1000000, got "lots"'],
    [{ WIDGET_UPLOADS_PER_ADDRESS: '-5' }, 'WIDGET_UPLOADS_PER_ADDRESS: must be a whole number between 1 and 1000000, got "-5"'],
    [{ WIDGET_ADDRESS_WINDOW_MINUTES: '0' }, 'WIDGET_ADDRESS_WINDOW_MINUTES: must be a whole number between 1 and 10080, got "0"'],
    [{ WIDGET_FILES_PER_CHATBOT: '1.5' }, 'WIDGET_FILES_PER_CHATBOT: must be a whole number between 1 and 10000000, got "1.5"'],
    // Less than one file of the largest size a visitor may send would refuse every such file.
    [{ WIDGET_FILE_MB_PER_CHATBOT: '19' }, 'WIDGET_FILE_MB_PER_CHATBOT: must be a whole number between 20 and 1000000, got "19"'],
    [{ WIDGET_FILE_KEEP_MINUTES: '0' }, 'WIDGET_FILE_KEEP_MINUTES: must be a whole number between 1 and 525600, got "0"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ UPSTREAM_URL: 'ftp://example.com' }, 'UPSTREAM_URL: must be a full http:// or https:// address'],
    [{ UPSTREAM_URL: 'example.com' }, 'UPSTREAM_URL: must be a full http:// or https:// address'],
    [{ UPSTREAM_URL: 'https://user:pw@example.com' }, 'UPSTREAM_URL: must not carry credentials; use UPSTREAM_SECRET_KEY and UPSTREAM_SESSION_KEY'],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(new ConfigError(message));
  });
});
