import type { ServiceConfig } from '../config';

// A module of its own, with nothing but a type import, so the e2e suite's config and specs can
// name the marker (e2e/support/e2e-service.ts) without loading the chat routes and all they import.

/** Asks for the slow pace (config.streamSlowDelayMs), where the service enables it. */
export const SLOW_PACE_MARKER = '[pace:slow]';

/** The pause between two fragments of this question's answer: the slow pace only when enabled and asked for. */
export function streamDelayFor(question: string, config: Pick<ServiceConfig, 'streamDelayMs' | 'streamSlowDelayMs'>): number {
  if (config.streamSlowDelayMs !== null && question.includes(SLOW_PACE_MARKER)) return config.streamSlowDelayMs;
  return config.streamDelayMs;
}
