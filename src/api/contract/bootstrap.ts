import * as z from 'zod/mini';

/**
 * What the server beside the app says about itself (not part of the hosted interface):
 * local service or proxy, the chatbots it seeded, and the demo keys when it still uses
 * them, so a new user is connected without typing anything. The server answers with this
 * type. Not exported from the contract's index: the app loads it on its own, beside the
 * bootstrap request, so the rest of the contract stays off the first page load.
 */
export const bootstrapSchema = z.object({
  mode: z.enum(['local', 'proxy']),
  chatbotIds: z.array(z.string()),
  secretKey: z.optional(z.string()),
  sessionKey: z.optional(z.string()),
  keysHeldByServer: z.boolean(),
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;
