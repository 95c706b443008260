import * as z from 'zod/mini';
import { integer } from './primitives';

export const CHAT_ASK_TYPES = ['Text', 'Audio', 'Image', 'Video'] as const;
export type ChatAskType = (typeof CHAT_ASK_TYPES)[number];

/** POST /chat/Chat/ClientAsk, with the interface's rules on content and fileIds. */
export const clientAskRequestSchema = z
  .strictObject({
    sessionID: integer,
    content: z.string({ error: 'is required' }).check(z.maxLength(20_000, { error: 'must be at most 20000 characters' })),
    chatAskType: z.optional(z.nullable(z.enum(CHAT_ASK_TYPES, { error: 'must be Text, Audio, Image or Video' }))),
    stream: z.optional(z.boolean()),
    fileIds: z.optional(z.array(integer).check(z.maxLength(20, { error: 'must hold at most 20 files' }))),
  })
  .check(z.superRefine((body, ctx) => {
    const askType = body.chatAskType ?? 'Text';
    const fileCount = body.fileIds?.length ?? 0;
    if (askType === 'Text') {
      if (fileCount > 0) {
        ctx.addIssue({ code: 'custom', path: ['fileIds'], message: 'are only valid when chatAskType is Image, Video or Audio' });
      }
      if (body.content.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['content'], message: 'may be empty only when a file is attached' });
      }
      return;
    }
    if (fileCount === 0) {
      ctx.addIssue({ code: 'custom', path: ['fileIds'], message: `must hold at least one file when chatAskType is ${askType}` });
    } else if (askType !== 'Image' && fileCount !== 1) {
      ctx.addIssue({ code: 'custom', path: ['fileIds'], message: `must hold exactly one file when chatAskType is ${askType}` });
    }
  }));
export type ClientAskRequest = z.infer<typeof clientAskRequestSchema>;

/** Data of a non-streamed answer. */
export const clientAskAnswerSchema = z.object({
  messageid: z.int(),
  content: z.string(),
  totalToken: z.int(),
  noAnswer: z.boolean(),
});
export type ClientAskAnswer = z.infer<typeof clientAskAnswerSchema>;

/** A partial object of a streamed answer. */
export const streamFragmentSchema = z.object({ content: z.string() });
/** The closing object of a streamed answer; the fragments add up to Answer. */
export const streamFinalSchema = z.object({
  QuestionID: z.int(),
  AnswerID: z.int(),
  Answer: z.string(),
  TotalToken: z.int(),
});
export type StreamFragment = z.infer<typeof streamFragmentSchema>;
export type StreamFinal = z.infer<typeof streamFinalSchema>;
