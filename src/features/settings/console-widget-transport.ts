import { askChatbotStream, createChatSession } from '../../api/chat';
import { isApiError } from '../../api/client';
import { uploadFile } from '../../api/files';
import { WidgetAnswerError, type WidgetTransport } from '../../widget/visitor-client';

/**
 * The widget's transport for the settings preview: the console's own client, with its
 * credentials (or the proxy's, which holds them server-side), instead of the public
 * /widget/* side, which the proxy mode does not serve. A session is GetSession's; the
 * answer is ClientAsk's stream read by the chat pane's reader. The questions are answered
 * by the chatbot as saved: the form's draft changes only how the widget looks.
 */
export function consoleWidgetTransport(chatbotId: string, signal: AbortSignal): WidgetTransport {
  return {
    async openSession() {
      const { SessionID } = await withAnswerErrors(() => createChatSession(chatbotId));
      // The console's session needs no visitor token: the console's credentials are the proof.
      return { SessionID, VisitorToken: '' };
    },
    // The console's own upload, so the preview offers attachments and push-to-talk exactly when
    // the widget on a visitor's page does (EnableUploadImage, EnablePushToTalk).
    upload: (_session, file, fileName) =>
      withAnswerErrors(async () => {
        const { FileStoreId, FileName, ContentType, Size } = await uploadFile(new File([file], fileName, { type: file.type }), { signal });
        return { FileStoreId, FileName, ContentType, Size };
      }),
    ask: (session, content, onText, media) =>
      withAnswerErrors(async () => {
        let soFar = '';
        for await (const { fragments, final } of askChatbotStream({ sessionID: session.SessionID, content, ...media }, signal)) {
          if (fragments.length > 0) {
            soFar += fragments.join('');
            onText(soFar);
          }
          if (final) return final.Answer;
        }
        // askChatbotStream ends only with the final object or an error; this is a guard.
        throw new WidgetAnswerError('The answer was cut short. Please ask again.');
      }),
  };
}

/** The widget shows a WidgetAnswerError's message as it is: the service's Message (a rate limit), or what went wrong. */
async function withAnswerErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WidgetAnswerError) throw error;
    // ClientAsk names sessionID in its 404 when the service lost the session (its data was
    // reset while the page was open): the widget then opens a new one, as on a visitor's page.
    if (isApiError(error)) throw new WidgetAnswerError(error.message, error.status || undefined, error.status === 404 && error.field === 'sessionID');
    throw new WidgetAnswerError(error instanceof Error && error.message ? error.message : 'Something went wrong. Please ask again.');
  }
}
