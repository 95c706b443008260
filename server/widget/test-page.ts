import { WIDGET_PATHS } from '../../src/api/contract';
import { isAllowedHost } from '../request-guard';
import { contentSecurityPolicy } from '../security-headers';
import { policyText } from '../openapi/routes';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

/**
 * The origin the test page loads the widget from: this service itself, or, with `?service=`,
 * another name of it (`http://localhost:5393` on a page opened as 127.0.0.1), so one machine
 * can show a page and a widget on two origins. Only names this service answers to are taken:
 * the page must not become a way to run someone else's script.
 */
export function widgetServiceOrigin(service: string | undefined, allowedHosts: readonly string[]): string | null {
  if (service === undefined || service === '') return '';
  let url: URL;
  try {
    url = new URL(service);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) return null;
  return isAllowedHost(url.host, allowedHosts) ? url.origin : null;
}

/** The page's policy: the app's, with the widget's service origin allowed to run its script and be talked to. */
export function testPagePolicy(serviceOrigin: string): string {
  const policy = contentSecurityPolicy('local');
  const extra = serviceOrigin === '' ? [] : [serviceOrigin];
  return policyText({ ...policy, 'script-src': [...policy['script-src']!, ...extra], 'connect-src': [...policy['connect-src']!, ...extra] });
}

/**
 * GET /widget/test/:chatbotId: a page that is not the console, embedding the widget with the
 * very snippet a business pastes into its own site, so what a visitor sees can be tried here.
 */
export function testPageHtml(chatbotId: string, serviceOrigin: string): string {
  const id = escapeHtml(chatbotId);
  const scriptSrc = escapeHtml(`${serviceOrigin}${WIDGET_PATHS.script}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Widget test page · ${id}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0; padding: 2rem 1.25rem; max-width: 42rem; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
<h1>Widget test page</h1>
<p>This page stands in for a visitor's website. It embeds the chat widget of <strong>${id}</strong> with the snippet below; the launcher sits in a bottom corner.</p>
<pre><code>&lt;script src="${scriptSrc}" data-chatbot="${id}" async&gt;&lt;/script&gt;</code></pre>
</main>
<script src="${scriptSrc}" data-chatbot="${id}" async></script>
</body>
</html>
`;
}
