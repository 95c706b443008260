/**
 * What the client checks every answer with: the envelope and each operation's response
 * schema. The client loads this module on its own, with the first request (src/api/client.ts):
 * a dynamic import keeps every export of the module it names, so naming the contract's index
 * would bring all of it, server-only helpers included, into the browser.
 */
export { envelopeSchema, errorEnvelopeSchema } from './primitives';
export { operations } from './operations';
