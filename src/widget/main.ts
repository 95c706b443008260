import { mountWidget } from './chat-widget';
import { UNREACHABLE_MESSAGE, visitorTransport } from './visitor-client';
import { browserStorages, VisitorStorage } from './visitor-storage';

/**
 * /widget.js, as a business embeds it:
 *   <script src="http://HOST/widget.js" data-chatbot="demo-bot" async></script>
 * It reads its own tag for the chatbot id and the service's origin, fetches the chatbot's
 * visitor-facing settings and draws the launcher. A page the chatbot does not allow
 * (VerifyDomain, Domains) gets no settings, so no widget; the console's log says why.
 */
performance.mark('realty-bot-widget:start');

const script = document.currentScript as HTMLScriptElement | null;
const chatbotId = script?.dataset.chatbot?.trim() ?? '';

async function start(): Promise<void> {
  if (!script || chatbotId === '') {
    console.warn('[realty-bot widget] The script tag needs data-chatbot="<chatbot id>".');
    return;
  }
  const serviceOrigin = new URL(script.src, location.href).origin;
  const transport = visitorTransport(serviceOrigin, chatbotId);
  let settings;
  try {
    settings = await transport.settings();
  } catch (error) {
    console.warn(`[realty-bot widget] ${error instanceof Error ? error.message : UNREACHABLE_MESSAGE} (chatbot ${chatbotId}; is this page's origin in its allowed Domains?)`);
    return;
  }
  if (!document.body) await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  const host = document.createElement('div');
  host.setAttribute('data-realty-bot-widget', chatbotId);
  document.body.appendChild(host);
  mountWidget(host, settings, { transport, storage: new VisitorStorage(chatbotId, browserStorages(window)), serviceOrigin });
  performance.mark('realty-bot-widget:launcher');
}

void start();
