import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { JsonSchema, MediaType, OpenApiDocument, OpenApiOperation } from './build-document';

/**
 * For the tests: checks values and whole answers against the OpenAPI document with a JSON
 * Schema 2020-12 validator (ajv, strict, with the formats the document uses). The document is
 * dereferenced first by swagger-parser, so each schema stands alone.
 */
export interface DocumentValidator {
  /** The document with every $ref replaced by what it points to. */
  dereferenced: OpenApiDocument;
  /** What is wrong with `value` under `schema` (empty when it matches). */
  problems(schema: JsonSchema, value: unknown): string[];
  /** The operation at a path template and method (`/files/upload/{FileStoreId}`, `put`). */
  operation(path: string, method: string): OpenApiOperation;
  /**
   * What is wrong with an answer of that operation: a status the document does not list for
   * it, a Content-Type it does not list for that status, or a body that does not match. A
   * text/event-stream body is read as SSE frames: each event must match the media type's
   * x-itemSchema, the last a StreamFinal and the others StreamFragments.
   */
  answerProblems(path: string, method: string, answer: { statusCode: number; headers: Record<string, unknown>; body: string }): string[];
}

export async function documentValidator(document: OpenApiDocument): Promise<DocumentValidator> {
  const dereferenced = (await SwaggerParser.dereference(structuredClone(document) as never)) as unknown as OpenApiDocument;
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  const compiled = new Map<JsonSchema, ValidateFunction>();
  const validatorOf = (schema: JsonSchema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
  const problems = (schema: JsonSchema, value: unknown): string[] => {
    const validate = validatorOf(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
  };
  const operation = (path: string, method: string): OpenApiOperation => {
    const found = dereferenced.paths[path]?.[method.toLowerCase() as 'get' | 'post' | 'put'];
    if (!found) throw new Error(`The document has no ${method} ${path}`);
    return found;
  };

  function eventProblems(media: MediaType, body: string): string[] {
    const frames = body.split('\n\n').filter((frame) => frame !== '');
    if (frames.length === 0) return ['the stream has no event'];
    const { StreamFragment, StreamFinal } = dereferenced.components.schemas;
    return frames.flatMap((frame, index) => {
      if (!frame.startsWith('data: ')) return [`event ${index} is not a data line: ${frame.slice(0, 40)}`];
      let event: unknown;
      try {
        event = JSON.parse(frame.slice('data: '.length));
      } catch {
        return [`event ${index} is not JSON`];
      }
      const last = index === frames.length - 1;
      return [...problems(media['x-itemSchema'] ?? {}, event), ...problems(last ? StreamFinal! : StreamFragment!, event)].map(
        (problem) => `event ${index}: ${problem}`,
      );
    });
  }

  return {
    dereferenced,
    problems,
    operation,
    answerProblems(path, method, answer) {
      const documented = operation(path, method).responses[String(answer.statusCode)];
      if (!documented) return [`status ${answer.statusCode} is not documented for ${method} ${path}`];
      const contentType = String(answer.headers['content-type'] ?? '').split(';')[0]!.trim();
      const media = documented.content?.[contentType];
      if (!media) return [`Content-Type ${contentType || '(none)'} is not documented for ${answer.statusCode} of ${method} ${path}`];
      if (contentType === 'text/event-stream') return eventProblems(media, answer.body);
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        return [`the body is not JSON: ${answer.body.slice(0, 80)}`];
      }
      return problems(media.schema, body);
    },
  };
}
