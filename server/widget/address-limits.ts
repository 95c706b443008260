import type { FastifyRequest } from 'fastify';
import type { ChatbotSettings } from '../../src/api/contract';
import type { WidgetLimits } from '../config';
import { tooManyRequests } from '../envelope';
import { AddressRateLimiter } from '../rate-limiter';
import { clientAddressOf } from '../client-address';

/** What a client address is counted for on the widget's public routes. */
export type AddressAction = 'sessions' | 'questions' | 'uploads';

/** Said when the chatbot's own RateLimitMessage is blank: an error answer always says what happened. */
export const ADDRESS_LIMIT_FALLBACK = 'RateLimitMessage: too many requests from this network; please wait a while and try again';

export type AddressLimits = ReturnType<typeof createAddressLimits>;

/**
 * The widget's limits per client address, across its sessions (and chatbots): the chatbot's
 * own limits count per visitor session, so without these a script opening session after
 * session could spend a chatbot's MessageLimit or fill the disk. Checked before anything a
 * request does, so also before the per-session limits; a refusal is counted for nothing.
 */
export function createAddressLimits(limits: WidgetLimits) {
  const windowSeconds = limits.addressWindowMinutes * 60;
  const limiters: Record<AddressAction, AddressRateLimiter> = {
    sessions: new AddressRateLimiter(limits.sessionsPerAddress, windowSeconds),
    questions: new AddressRateLimiter(limits.questionsPerAddress, windowSeconds),
    uploads: new AddressRateLimiter(limits.uploadsPerAddress, windowSeconds),
  };
  return {
    /**
     * Counts `action` for the request's client address, or refuses it with 429 and the
     * chatbot's RateLimitMessage, the answer its visitors already know for "too fast".
     */
    admit(action: AddressAction, request: FastifyRequest, settings: ChatbotSettings, now: number): void {
      const address = clientAddressOf(request);
      if (limiters[action].tryHit(address, now)) return;
      const message = settings.RateLimitMessage.trim() === '' ? ADDRESS_LIMIT_FALLBACK : settings.RateLimitMessage;
      throw tooManyRequests(message, limiters[action].retryAfterMs(address, now));
    },
  };
}
