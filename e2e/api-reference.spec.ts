import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { WIDGET_OPERATIONS } from '../server/openapi/widget-document';
import { operations } from '../src/api/contract/operations';

/**
 * The API reference (/api-docs/, Scalar, rendered from GET /openapi.json): the Connection page
 * links to it, it lists every operation of the document, and its "try it" sends real requests
 * to the local service with the demo keys it is filled with. Only read-only operations are
 * tried, on the demo chatbot, so the other specs' data is untouched.
 */

interface DocumentOperation {
  operationId: string;
  summary: string;
}
type Document = { paths: Record<string, Record<string, DocumentOperation>> };

/**
 * The one violation the page may raise: the reference's bundled zod tests whether it may
 * compile validators with `new Function('')`, the policy says no (no 'unsafe-eval'), and zod
 * falls back to plain validation. Anything else is a failure.
 */
const ZOD_EVAL_PROBE = /^script-src blocked eval \(.*\/api-docs\/js\/scalar\.js:\d+\)$/;

/** CSP violations and the addresses of every request, for each page of the context. */
async function watch(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return {
    urls,
    violations: (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

async function openReference(page: Page) {
  await page.goto('/api-docs/');
  await expect(page.getByRole('heading', { name: 'Realty-bot chatbot service' })).toBeVisible({ timeout: 30_000 });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Opens an operation's "try it" client, sends its example, and returns what the service answered. */
async function tryIt(page: Page, method: 'get' | 'post', path: string) {
  await page.getByRole('button', { name: new RegExp(`Test Request.*\\(${method} ${escape(path)}\\)`) }).click();
  const client = page.getByRole('dialog');
  await expect(client).toBeVisible();
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === path);
  await client.getByRole('button', { name: new RegExp(`^Send ${method} request to .*${escape(path)}$`, 'i') }).click();
  const response = await answer;
  await expect(client.getByText('200 OK')).toBeVisible();
  const result = { headers: response.request().headers(), body: (await response.json()) as { Success: boolean; Data: unknown } };
  await client.getByRole('button', { name: 'Close Client' }).click();
  await expect(client).toBeHidden();
  return result;
}

test.describe('API reference', () => {
  // The reference is Scalar's page: a script of 3.6 MB, and each click re-renders much of it.
  // Under the full suite's load its first paint took 16 s and one click 13 s (2026-11-28), so a
  // journey of two "try it" round trips needs more than the default minute.
  test.describe.configure({ timeout: 150_000 });

  test('the Connection page links to it, and it lists every operation of the document', async ({ page, context, request, baseURL }) => {
    const watched = await watch(context);
    await page.goto('/connection');
    const link = page.getByRole('link', { name: 'API reference' });
    await expect(link).toHaveAttribute('href', '/api-docs/');
    const [reference] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(reference.getByRole('heading', { name: 'Realty-bot chatbot service' })).toBeVisible({ timeout: 30_000 });
    await expect(reference).toHaveTitle('API reference · Realty-bot console');

    const document = (await (await request.get('/openapi.json')).json()) as Document;
    const listed = Object.values(document.paths).flatMap((item) => Object.values(item));
    // Every operation of the contract's registry, the upload's PUT and the widget's public operations.
    expect(listed.map((operation) => operation.operationId)).toHaveLength(Object.keys(operations).length + 1 + Object.keys(WIDGET_OPERATIONS).length);
    const sidebar = reference.getByRole('navigation', { name: /^Sidebar/ });
    for (const operation of listed) await expect(sidebar.getByText(operation.summary, { exact: true })).toBeVisible();

    expect((await watched.violations(reference)).filter((violation) => !ZOD_EVAL_PROBE.test(violation))).toEqual([]);
    // Everything comes from this server: its script, the document, no font or other host.
    const origin = new URL(baseURL!).origin;
    expect(watched.urls.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
  });

  test('its "try it" works for a signed-in member with no key: the console session goes with it', async ({ page, context }) => {
    const watched = await watch(context);
    // Signed in (here as the demo start's Demo owner), as a member who opens it from the console.
    await page.goto('/connection');
    await expect(page.getByRole('row', { name: /Signed in as/ })).toContainText('Demo owner');
    await openReference(page);

    const models = await tryIt(page, 'get', '/chat/Chatbot/ModelList');
    // No key leaves the page (the reference sends its empty field as an empty header).
    expect(models.headers.authorization ?? '').toBe('');
    expect(models.body.Success).toBe(true);
    expect(models.body.Data).toContainEqual(expect.objectContaining({ Key: 'gpt-4o-mini' }));

    // The listing read takes the session key, and sends the documented example body.
    await page.getByRole('navigation', { name: /^Sidebar/ }).getByText('List listings', { exact: true }).click();
    const listings = await tryIt(page, 'post', '/chat/Chatbot/RealEstateList');
    expect(listings.headers['chatrobot-sessionkey'] ?? '').toBe('');
    expect(listings.headers.authorization ?? '').toBe('');
    expect(listings.body.Success).toBe(true);
    expect(listings.body.Data).toMatchObject({ List: [expect.objectContaining({ City: 'Austin', SaleType: 'for_sale' }), expect.anything()] });

    expect((await watched.violations(page)).filter((violation) => !ZOD_EVAL_PROBE.test(violation))).toEqual([]);
  });
});
