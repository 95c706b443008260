import { inject } from 'vitest';
import { saveConnection } from '../api/credentials';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Started by vitest.service-setup.ts for the `*.service.test.ts` files. */
    localServiceUrl: string;
    /** The console in proxy mode, in front of a hosted stand-in without the local service's additions. */
    proxyServiceUrl: string;
  }
}

/** The demo keys the local service of the tests accepts. */
const DEMO_KEYS = { secretKey: 'demo-secret-key', sessionKey: 'demo-session-key' } as const;

/** Points apiFetch at the tests' local service (call it in beforeEach: storage is cleared after each test). */
export function connectToLocalService(chatbotId: string): void {
  saveConnection({ baseUrl: inject('localServiceUrl'), ...DEMO_KEYS, chatbotIds: [chatbotId], remember: false });
}

/** Points apiFetch at the console in proxy mode, whose hosted service lacks RealEstateBatch (vitest.service-setup.ts). */
export function connectThroughProxy(chatbotId: string): void {
  saveConnection({ baseUrl: inject('proxyServiceUrl'), ...DEMO_KEYS, chatbotIds: [chatbotId], remember: false });
}
