import { apiFetch, isApiError } from '../../api/client';
import type { Connection } from '../../api/credentials';

export interface CredentialCheck {
  /** What was checked, in the user's words: "Secret key", "Session key", "Chatbot demo-bot". */
  subject: string;
  ok: boolean;
  detail: string;
}

function describeFailure(error: unknown): string {
  if (isApiError(error)) return error.isOffline ? 'the service could not be reached' : error.message;
  return error instanceof Error ? error.message : 'unknown error';
}

/**
 * Checks what the console works with, each on its own so the user learns which part fails:
 * the service, the server's secret key with ModelList (no side effects), its session key and
 * each of the member's chatbots with a one-row RealEstateList. The keys are the server's: the
 * requests carry the member's session, and the server adds them, so a refusal here means the
 * server's own key (or the member's session) is wrong, never anything typed in the browser.
 */
export async function testConnection(connection: Connection): Promise<CredentialCheck[]> {
  return [await checkSecretKey(connection), ...(await checkSessionKeyAndChatbots(connection))];
}

async function checkSecretKey(connection: Connection): Promise<CredentialCheck> {
  try {
    const models = await apiFetch('ModelList', undefined, { connection });
    return { subject: 'Secret key', ok: true, detail: `accepted (${models.length} models available)` };
  } catch (error) {
    const refused = isApiError(error) && error.status === 401;
    return { subject: 'Secret key', ok: false, detail: refused ? `refused: ${error.message}` : describeFailure(error) };
  }
}

async function checkSessionKeyAndChatbots(connection: Connection): Promise<CredentialCheck[]> {
  if (connection.chatbotIds.length === 0) {
    return [{ subject: 'Session key', ok: false, detail: 'no chatbot is granted to you, so the session key cannot be checked' }];
  }
  const chatbotChecks: CredentialCheck[] = [];
  let sessionKeyAccepted = false;
  for (const chatbotId of connection.chatbotIds) {
    const subject = `Chatbot ${chatbotId}`;
    try {
      const page = await apiFetch('RealEstateList', { SerialNumber: chatbotId, PageSize: 1 }, { connection });
      sessionKeyAccepted = true;
      chatbotChecks.push({ subject, ok: true, detail: `found, ${page.VirtualCount} listings` });
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        return [{ subject: 'Session key', ok: false, detail: `refused: ${error.message}` }];
      }
      const unknownChatbot = isApiError(error) && error.status === 404;
      // The service checks the key before the chatbot, so "no such chatbot" means the key passed.
      if (unknownChatbot) sessionKeyAccepted = true;
      chatbotChecks.push({ subject, ok: false, detail: unknownChatbot ? `not found: ${error.message}` : describeFailure(error) });
    }
  }
  const sessionCheck: CredentialCheck = sessionKeyAccepted
    ? { subject: 'Session key', ok: true, detail: 'accepted' }
    : { subject: 'Session key', ok: false, detail: 'could not be checked: ' + (chatbotChecks[0]?.detail ?? '') };
  return [sessionCheck, ...chatbotChecks];
}
