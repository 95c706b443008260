import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Role } from '../../src/api/contract/permissions';
import { COOKIE_NAME } from './access';

/** What the console's service tests do as a browser would: same-origin posts carrying the session cookie. */

export const PASSWORD = 'correct horse battery staple';
/** What a browser says of a request from the console's own pages. */
export const BROWSER = { 'sec-fetch-site': 'same-origin' } as const;

export function cookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((each) => each.name === COOKIE_NAME);
  if (!cookie?.value) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return cookie.value;
}

export const withCookie = (cookie: string) => ({ cookie: `${COOKIE_NAME}=${cookie}`, ...BROWSER });

export async function post(app: FastifyInstance, url: string, payload: unknown, cookie?: string) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? withCookie(cookie) : { ...BROWSER } });
}

export async function bootstrap(app: FastifyInstance, cookie?: string) {
  const response = await app.inject({ method: 'GET', url: '/console/bootstrap', headers: cookie ? withCookie(cookie) : {} });
  return response.json<{ access: string; member: { id: string; name: string; role: Role; demo: boolean } | null; chatbotIds: string[] }>();
}

/** The demo start's owner: signed in with no typing. */
export async function demoOwner(app: FastifyInstance): Promise<string> {
  return cookieOf(await post(app, '/console/demo-sign-in', {}));
}

/** The `Data` of an envelope answer. */
export function dataOf<T>(response: LightMyRequestResponse): T {
  return response.json<{ Data: T }>().Data;
}

/** The token an invitation or setup link carries in its fragment. */
export function tokenOfLink(link: string): string {
  return new URL(link).hash.slice('#token='.length);
}
