import { z } from 'zod';
import { httpUrl } from '../../api/contract';
import type { Connection } from '../../api/credentials';

export const connectionFormSchema = z
  .object({
    baseMode: z.enum(['this-server', 'other']),
    baseUrl: z.string().trim(),
    secretKey: z.string().trim(),
    sessionKey: z.string().trim(),
    chatbotIds: z.array(z.string().trim().min(1)).min(1, { error: 'Add at least one chatbot id' }),
    remember: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.baseMode === 'other' && !httpUrl.safeParse(values.baseUrl).success) {
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'Service address must be a full http:// or https:// address' });
    }
  });
export type ConnectionFormValues = z.infer<typeof connectionFormSchema>;

export function toFormValues(connection: Connection): ConnectionFormValues {
  return {
    baseMode: connection.baseUrl ? 'other' : 'this-server',
    baseUrl: connection.baseUrl,
    secretKey: connection.secretKey,
    sessionKey: connection.sessionKey,
    chatbotIds: connection.chatbotIds,
    remember: connection.remember,
  };
}

export function toConnection(values: ConnectionFormValues): Connection {
  return {
    baseUrl: values.baseMode === 'other' ? values.baseUrl.replace(/\/+$/, '') : '',
    secretKey: values.secretKey,
    sessionKey: values.sessionKey,
    chatbotIds: [...new Set(values.chatbotIds)],
    remember: values.remember,
  };
}
