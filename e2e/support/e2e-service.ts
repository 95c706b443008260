import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The port of the local service the suite runs against (E2E_PORT, else 8790). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8790);

/** Its DATA_DIR: fresh per run (playwright.config.ts empties it before the service starts). */
export const E2E_DATA_DIR = join(tmpdir(), `realty-bot-e2e-${E2E_PORT}`);
