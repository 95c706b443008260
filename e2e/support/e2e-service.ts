import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The port of the local service the suite runs against (E2E_PORT, else 8790). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8790);

/** Its DATA_DIR: fresh per run (playwright.config.ts empties it before the service starts). */
export const E2E_DATA_DIR = join(tmpdir(), `realty-bot-e2e-${E2E_PORT}`);

/**
 * Asks the e2e service for its slow pace (the service's own marker, server/routes/stream-pace.ts):
 * every other answer streams at STREAM_DELAY_MS 1 (playwright.config.ts), so a test that must see
 * an answer mid-way (Stop, leaving and coming back, the growth in steps) puts this in its question.
 */
export { SLOW_PACE_MARKER as SLOW_PACE } from '../../server/routes/stream-pace';
