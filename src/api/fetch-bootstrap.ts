import { requestBootstrap } from './bootstrap-request';
import type { Bootstrap } from './contract/bootstrap';

/*
 * The bootstrap, read and checked: who is signed in, on which chatbots. Apart from
 * bootstrap-request.ts, which src/boot.ts loads before anything else and must stay that small,
 * and without the query layer: the sign-in page, which has none, reads it here too.
 */

const DEMO_SIGN_IN_PATH = '/console/demo-sign-in';

/**
 * A demo start (loopback, local service, nobody has a password yet) opens signed in as the
 * Demo owner: the server offers it, and the app takes it without a click.
 */
async function demoSignIn(signal?: AbortSignal): Promise<Response> {
  return fetch(DEMO_SIGN_IN_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', signal });
}

export async function fetchBootstrap(signal?: AbortSignal): Promise<Bootstrap | null> {
  try {
    // The schema (and zod) stay out of the entry chunk; they download beside the request.
    const schema = import('./contract/bootstrap');
    schema.catch(() => undefined);
    let response = await requestBootstrap(signal);
    if (!response.ok) return null;
    const { bootstrapSchema } = await schema;
    let parsed = bootstrapSchema.safeParse(await response.json());
    if (parsed.success && parsed.data.access === 'demo') {
      await demoSignIn(signal);
      response = await requestBootstrap(signal);
      if (!response.ok) return null;
      parsed = bootstrapSchema.safeParse(await response.json());
    }
    return parsed.success ? parsed.data : null;
  } catch {
    // A static host without our server: nothing can be done without it.
    return null;
  }
}
