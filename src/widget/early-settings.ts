import { WIDGET_PATHS } from '../api/contract/widget-paths';

/**
 * Starts the settings request on the script's first line: main.ts imports this module before
 * any other, so the bundle runs it before the rest of the widget's modules are evaluated, and the
 * request (the launcher waits for its answer) is on the wire that much sooner.
 * `document.currentScript` is only set while the script's first run is under way, so it is read here.
 */
/** The script's first line (bench: widget measures from it). */
performance.mark('realty-bot-widget:start');

export const script = document.currentScript as HTMLScriptElement | null;
export const chatbotId = script?.dataset.chatbot?.trim() ?? '';
export const serviceOrigin = script ? new URL(script.src, location.href).origin : '';
/** The pending settings response; main.ts hands it to the transport, which judges it as send() does. */
export const earlySettings: Promise<Response> | null =
  script && chatbotId !== '' ? fetch(`${serviceOrigin}${WIDGET_PATHS.settings(chatbotId)}`, { credentials: 'omit' }) : null;
