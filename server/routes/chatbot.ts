import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../envelope';
import type { LocalContext } from '../context';
import { MODELS } from '../models';
import { defineOperation } from './operation';

export const NO_CHATBOT = 'serialNumber: no chatbot with this id';

/** Edit, Detail, GetSession and ModelList. */
export function registerChatbotRoutes(app: FastifyInstance, context: LocalContext): void {
  const { stores, config, now } = context;

  defineOperation(app, config, 'Edit', ({ serialNumber, ...changes }) => {
    if (changes.Model !== undefined) {
      const model = MODELS.find((candidate) => candidate.Key === changes.Model);
      if (!model) throw badRequest(`Model: "${changes.Model}" is not in the model list`);
      if (!model.Status) throw badRequest(`Model: ${model.Value} is not available; choose another model`);
    }
    if (!stores.chatbots.update(serialNumber, changes, now())) throw notFound(NO_CHATBOT);
    return 1;
  });

  defineOperation(app, config, 'Detail', ({ serialNumber }) => {
    const settings = stores.chatbots.get(serialNumber);
    if (!settings) throw notFound(NO_CHATBOT);
    return { ...settings, serialNumber };
  });

  defineOperation(app, config, 'GetSession', ({ serialNumber }) => {
    if (!stores.chatbots.exists(serialNumber)) throw notFound(NO_CHATBOT);
    return { SessionID: stores.sessions.create(serialNumber, now()) };
  });

  defineOperation(app, config, 'ModelList', () => MODELS.map((model) => ({ ...model })));
}
