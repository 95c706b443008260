import type { OperationName, Operations } from './operations';

/**
 * The answer schemas of some operations, exactly as the registry (operations.ts) holds them.
 * The client checks answers with these group modules instead of the registry: the registry
 * also names every request schema, and a first visit needs the answers of its own area only
 * (src/api/answer-checks.ts loads each group with its first request).
 */
export type AnswerSchemas<Name extends OperationName> = { [N in Name]: Operations[N]['response'] };
