import type { ServiceConfig } from './config';
import type { Stores } from './db';
import type { RateLimiter } from './rate-limiter';

/** What the local service's routes share. */
export interface LocalContext {
  config: ServiceConfig;
  stores: Stores;
  /** Where uploaded bytes are kept: DATA_DIR/files. */
  filesDir: string;
  limiter: RateLimiter;
  /** The clock, in ms; tests move it to cross rate-limit windows and months. */
  now: () => number;
  /** Answers being streamed, stopped when the service shuts down. */
  streams: Set<AbortController>;
}
