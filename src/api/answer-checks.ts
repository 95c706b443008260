import type { OperationName, Operations } from './contract/operations';
import { loadOnce } from '../lib/load-once';

/*
 * The schemas the client checks answers with, loaded in groups with the first request that
 * needs them, while that request is on the network. A first visit to the settings never
 * downloads the listings' schemas, nor the listings page the chatbot's (about 2 KB gzipped
 * each visit). The groups are the contract's `answers-*.ts` modules; a failed download is
 * tried again by the next request (loadOnce).
 */

/** The envelope every answer comes in. Its module also loads zod's English messages. */
export const loadEnvelope = loadOnce(() => import('./contract/primitives'));

const chatbot = loadOnce(() => import('./contract/answers-chatbot'));
const chat = loadOnce(() => import('./contract/answers-chat'));
const listings = loadOnce(() => import('./contract/answers-listings'));
const files = loadOnce(() => import('./contract/answers-files'));

const answerSchemaLoaders: { [Name in OperationName]: () => Promise<Operations[Name]['response']> } = {
  Edit: () => chatbot().then(({ answers }) => answers.Edit),
  Detail: () => chatbot().then(({ answers }) => answers.Detail),
  Versions: () => chatbot().then(({ answers }) => answers.Versions),
  VersionDetail: () => chatbot().then(({ answers }) => answers.VersionDetail),
  GetSession: () => chatbot().then(({ answers }) => answers.GetSession),
  ModelList: () => chatbot().then(({ answers }) => answers.ModelList),
  ClientAsk: () => chat().then(({ answers }) => answers.ClientAsk),
  RealEstateCreate: () => listings().then(({ answers }) => answers.RealEstateCreate),
  RealEstateUpdate: () => listings().then(({ answers }) => answers.RealEstateUpdate),
  RealEstateList: () => listings().then(({ answers }) => answers.RealEstateList),
  RealEstateDelete: () => listings().then(({ answers }) => answers.RealEstateDelete),
  RealEstateBatch: () => listings().then(({ answers }) => answers.RealEstateBatch),
  GetPreUploadUrl: () => files().then(({ answers }) => answers.GetPreUploadUrl),
  ConfirmUpload: () => files().then(({ answers }) => answers.ConfirmUpload),
};

/** The schema of an operation's Data, downloaded with the first request of its group. */
export function loadAnswerSchema<Name extends OperationName>(name: Name): Promise<Operations[Name]['response']> {
  return answerSchemaLoaders[name]();
}
