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

let invited = 0;
/** A member of `role` on `chatbots`, invited by `inviter` (a session cookie) and signed in with a password. */
export async function invitedMember(app: FastifyInstance, inviter: string, role: Role, chatbots: string[]): Promise<{ cookie: string; email: string; id: string; name: string; token: string }> {
  invited += 1;
  const email = `member${invited}@example.com`;
  const name = `${role} ${invited}`;
  const invitation = await post(app, '/console/invitations', { email, role, chatbots }, inviter);
  if (invitation.statusCode !== 200) throw new Error(`invitation refused: ${invitation.body}`);
  const token = tokenOfLink(dataOf<{ link: string }>(invitation).link);
  const accepted = await post(app, '/console/invitations/accept', { token, name, password: PASSWORD });
  if (accepted.statusCode !== 200) throw new Error(`invitation not accepted: ${accepted.body}`);
  return { cookie: cookieOf(accepted), email, id: dataOf<{ member: { id: string } }>(accepted).member.id, name, token };
}
