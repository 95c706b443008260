import type { AnswerSchemas } from './answer-schemas';
import { clientAskAnswerSchema } from './chat';

/** The answer of a question asked without streaming. */
export const answers = { ClientAsk: clientAskAnswerSchema } satisfies AnswerSchemas<'ClientAsk'>;
