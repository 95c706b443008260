import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { messageOfZodError, type OperationName, type Operations, type ResponseOf } from '../../src/api/contract';
import { operations } from '../../src/api/contract/operations';
import { requireCredential, type Keys } from '../auth';
import { badRequest, success } from '../envelope';

export type BodyOf<Name extends OperationName> = Operations[Name]['request'] extends z.ZodMiniType
  ? z.output<Operations[Name]['request']>
  : undefined;

/** Checks a body against its contract schema; a failure names the field (`Bogus: is not a field of this operation`). */
export function parseBody<Schema extends z.ZodMiniType>(schema: Schema, body: unknown): z.output<Schema> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object.');
  }
  // reportInput lets messageOfZodError tell a missing field ("is required") from a wrong one.
  const result = schema.safeParse(body, { reportInput: true });
  if (!result.success) throw badRequest(messageOfZodError(result.error));
  return result.data;
}

export type OperationHandler<Name extends OperationName> = (
  body: BodyOf<Name>,
  request: FastifyRequest,
) => ResponseOf<Name> | Promise<ResponseOf<Name>>;

/**
 * Registers one operation of the contract: its method and path, its credential (checked
 * before the body is read), its request schema, and the envelope around what the handler returns.
 */
export function defineOperation<Name extends OperationName>(
  app: FastifyInstance,
  keys: Keys,
  name: Name,
  handler: OperationHandler<Name>,
  options: { bodyLimit?: number } = {},
): void {
  const spec = operations[name];
  app.route({
    method: spec.method,
    url: spec.path,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    onRequest: requireCredential(spec.credential, keys),
    handler: async (request) => {
      const body = (spec.request ? parseBody(spec.request, request.body) : undefined) as BodyOf<Name>;
      return success(await handler(body, request));
    },
  });
}
