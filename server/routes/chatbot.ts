import type { FastifyInstance } from 'fastify';
import { parseVersionSourceHeader, VERSION_SOURCE_HEADER } from '../../src/api/contract';
import { badRequest, notFound } from '../envelope';
import type { LocalContext } from '../context';
import { MODELS } from '../models';
import { headerValue } from '../request-header';
import { defineOperation } from './operation';

export const NO_CHATBOT = 'serialNumber: no chatbot with this id';
const DEFAULT_VERSIONS_PAGE_SIZE = 20;


/** Edit, Detail, Versions, VersionDetail, GetSession and ModelList. */
export function registerChatbotRoutes(app: FastifyInstance, context: LocalContext): void {
  const { stores, config, now } = context;

  defineOperation(app, config, 'Edit', ({ serialNumber, ...changes }, request) => {
    if (changes.Model !== undefined) {
      const model = MODELS.find((candidate) => candidate.Key === changes.Model);
      if (!model) throw badRequest(`Model: "${changes.Model}" is not in the model list`);
      if (!model.Status) throw badRequest(`Model: ${model.Value} is not available; choose another model`);
    }
    // A member's save carries their name; an API client's none (request.signedIn is set by the console's guard).
    const origin = { ...parseVersionSourceHeader(headerValue(request, VERSION_SOURCE_HEADER)), EditedBy: request.signedIn?.member.name ?? null };
    // Answered once its group's transaction has committed (group-commit.ts).
    return stores.groupCommit.write(() => {
      if (origin.RestoredFrom !== null && !stores.chatbots.version(serialNumber, origin.RestoredFrom)) {
        throw badRequest(`${VERSION_SOURCE_HEADER}: version ${origin.RestoredFrom} of this chatbot does not exist`);
      }
      const made = stores.chatbots.update(serialNumber, changes, now(), origin);
      if (made === false) throw notFound(NO_CHATBOT);
      // For the activity record: the version this save made (activity.ts).
      request.madeVersion = made;
      return 1 as const;
    });
  });

  defineOperation(app, config, 'Versions', ({ serialNumber, PageNumber = 1, PageSize = DEFAULT_VERSIONS_PAGE_SIZE }) => {
    if (!stores.chatbots.exists(serialNumber)) throw notFound(NO_CHATBOT);
    return stores.chatbots.versions(serialNumber, PageNumber, PageSize);
  });

  defineOperation(app, config, 'VersionDetail', ({ serialNumber, Version }) => {
    if (!stores.chatbots.exists(serialNumber)) throw notFound(NO_CHATBOT);
    const version = stores.chatbots.version(serialNumber, Version);
    if (!version) throw notFound(`Version: this chatbot has no version ${Version}`);
    return version;
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
