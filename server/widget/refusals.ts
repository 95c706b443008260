import { VISITOR_TOKEN_HEADER } from '../../src/api/contract';

/** What the widget's routes answer a request for no chatbot, or in a session that is not the visitor's. */
export const NO_WIDGET_CHATBOT = 'chatbotId: no chatbot with this id';
export const WRONG_VISITOR_TOKEN = `${VISITOR_TOKEN_HEADER}: this is not the token of this visitor session; open a new session`;
