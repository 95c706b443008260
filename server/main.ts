import { buildApp } from './app';
import {
  ConfigError,
  configFromEnv,
  DEMO_SECRET_KEY,
  DEMO_SESSION_KEY,
  seededChatbotIds,
  type ServiceConfig,
} from './config';
import { configuredBase } from './console/links';
import { LOOPBACK_HOSTS } from './request-guard';

/** A key is printed only while it is the public demo default; secrets never reach a log. */
function keyText(key: string | null, demoDefault: string | null): string {
  if (key === null) return '(not set: signed-in members cannot use the operations that need it)';
  return key === demoDefault ? `${key} (demo default)` : '(custom, not shown)';
}

function banner(config: ServiceConfig, url: string): string {
  const lines = ['', 'realty-bot console', `  URL:          ${url}`];
  if (config.upstream) {
    lines.push(
      `  Mode:         proxy: /chat/* goes to ${config.upstream.url}`,
      `  Secret key:   ${keyText(config.upstream.secretKey, null)}`,
      `  Session key:  ${keyText(config.upstream.sessionKey, null)}`,
      `  Chatbots:     ${config.upstream.chatbotIds.join(', ') || '(none: set DEMO_CHATBOT_ID and EXTRA_CHATBOT_IDS)'}`,
    );
  } else {
    const [demo, ...extras] = seededChatbotIds(config);
    lines.push(
      '  Mode:         local service (SQLite)',
      `  Data dir:     ${config.dataDir}`,
      `  Secret key:   ${keyText(config.secretKey, DEMO_SECRET_KEY)}`,
      `  Session key:  ${keyText(config.sessionKey, DEMO_SESSION_KEY)}`,
      `  Chatbot:      ${demo}${extras.length > 0 ? ` (also: ${extras.join(', ')})` : ''}`,
    );
  }
  lines.push(`  Hosts:        ${[...LOOPBACK_HOSTS, ...config.allowedHosts].join(', ')} (others get 403; see ALLOWED_HOSTS)`, '');
  return lines.join('\n');
}

async function main(): Promise<void> {
  let config: ServiceConfig;
  try {
    config = configFromEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.warn(`${signal} received, shutting down`);
    // Streams are stopped and the database closed by the app's close hooks.
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(banner(config, `http://${host.includes(':') ? `[${host}]` : host}:${port}`));
  const setupLink = app.setupLinkIfNeeded(configuredBase(config, port));
  if (setupLink) console.log(`No owner yet. Open this link within 30 minutes to set up the console (it works once):\n  ${setupLink}\n`);
}

main().catch((error: unknown) => {
  console.error('The service failed to start:', error);
  process.exit(1);
});
