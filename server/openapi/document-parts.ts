import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_VERSION } from '../../src/api/contract';
import { describeError } from '../envelope';

/**
 * The pieces the OpenAPI document is made of, shared by the interface's operations
 * (build-document.ts) and the widget's public ones (widget-document.ts): the OpenAPI types
 * the document uses, JSON Schemas of zod schemas, and the envelopes of answers.
 */

export const MEGABYTE = 1024 * 1024;
export const megabytes = (bytes: number) => `${bytes / MEGABYTE} MB`;

export type JsonSchema = { [keyword: string]: unknown };

export interface Example {
  summary: string;
  value: unknown;
}

export interface MediaType {
  schema: JsonSchema;
  examples?: Record<string, Example>;
  /** text/event-stream only: the schema of each event's data (OpenAPI 3.2 names this itemSchema). */
  'x-itemSchema'?: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaType>;
}

/** What every 429 may carry: the envelope says which limit, the header says for how long. */
const RETRY_AFTER_HEADER = {
  'Retry-After': {
    description: 'Whole seconds until the same request would pass, where the limit knows it (RFC 9110). A client that honours it neither asks again too soon nor waits on a guess.',
    schema: { type: 'integer', minimum: 1 },
  },
};

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description: string;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  /** Alternatives: any one entry is enough. */
  security: Array<Record<string, string[]>>;
  parameters?: OpenApiParameter[];
  requestBody?: { required: true; description?: string; content: Record<string, MediaType> };
  responses: Record<string, OpenApiResponse>;
}

/** The error statuses the document lists; each has its envelope schema `Error<status>Envelope`. */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/**
 * zod has no JSON Schema form for a URL's protocol rule; this says it as a pattern (the
 * contract's httpUrl takes http and https only, so `javascript:` never passes).
 */
export const describeConstraints: NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override'] = ({ zodSchema, jsonSchema }) => {
  // z.int() is a safe integer; said once in the info block rather than as ±9007199254740991 on every field.
  if (jsonSchema.type === 'integer') {
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  }
  const def = zodSchema._zod.def as { type: string; format?: string; protocol?: RegExp };
  if (def.type === 'string' && def.format === 'url' && def.protocol instanceof RegExp) {
    const protocol = def.protocol.source.replace(/^\^/, '').replace(/\$$/, '');
    jsonSchema.pattern = `^(?:${protocol}):`;
  }
};

export function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** One schema without components (a parameter's). */
export function jsonSchemaOf(schema: z.core.$ZodType): JsonSchema {
  return withoutDialect(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', override: describeConstraints }) as JsonSchema);
}

/** What describeError (server/envelope.ts) answers for a framework error with this code. */
export function frameworkMessage(code: string, bodyLimit: number): string {
  const request = { routeOptions: { bodyLimit } } as unknown as FastifyRequest;
  return describeError(Object.assign(new Error(code), { code }), request).message;
}

export function json(schema: JsonSchema, examples?: Record<string, Example>): Record<string, MediaType> {
  return { 'application/json': examples ? { schema, examples } : { schema } };
}

export function success(value: unknown): unknown {
  return { Data: value, Version: API_VERSION, Success: true, Code: 200, Message: '' };
}

export function failure(status: ErrorStatus, message: string): unknown {
  return { Data: null, Version: API_VERSION, Success: false, Code: status, Message: message };
}

export function errorResponse(status: ErrorStatus, description: string, message: string): OpenApiResponse {
  return {
    description,
    ...(status === 429 ? { headers: RETRY_AFTER_HEADER } : {}),
    content: json(ref(`Error${status}Envelope`), { refused: { summary: message, value: failure(status, message) } }),
  };
}

/** A request body of a file's raw bytes, of any type, up to `limit` bytes. */
export function fileBytesBody(limit: number): NonNullable<OpenApiOperation['requestBody']> {
  return {
    required: true,
    description: `The file's bytes, at most ${megabytes(limit)}.`,
    content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
  };
}
