import { randomBytes } from 'node:crypto';
import type { ChatbotSettings } from '../../src/api/contract';
import type { StoredFile } from '../db/files';
import type { Session } from '../db/sessions';
import { badRequest, ServiceError } from '../envelope';
import { CANONICAL_KINDS, type CanonicalType } from '../media-types';

/**
 * The files a visitor of the widget may attach, and to which questions. A visitor's file is
 * stored like a console upload (DATA_DIR/files, the files table) but is confirmed at once, by
 * its bytes, and belongs to the visitor session that sent it: its upload token (never handed
 * out, since the file is never PUT again) names that session, so an ask can tell a visitor's
 * own file from any other file id they might try.
 */

/** Uploads per visitor session within UPLOAD_WINDOW_SECONDS: enough for a few questions with images. */
export const UPLOADS_PER_WINDOW = 10;
export const UPLOAD_WINDOW_SECONDS = 60;
export const TOO_MANY_UPLOADS = `file: at most ${UPLOADS_PER_WINDOW} files a minute; wait a moment and attach it again`;
/**
 * One answer for a file of another session, a console upload, an id never given, and a file
 * of this session removed to make room (visitor-file-room.ts): the visitor can only attach
 * it again, and the answer tells nothing about other people's files.
 */
export const NOT_YOUR_FILE = 'fileIds: only files attached in this chat, and still kept, can be sent with its questions; attach the file again';
export const IMAGES_OFF = 'EnableUploadImage: this chatbot does not take images from visitors';
export const VOICE_OFF = 'EnablePushToTalk: this chatbot does not take voice questions from visitors';
export const NO_FILE_NAME = "fileName: is required, the name of the file on the visitor's device";
export const EMPTY_FILE = 'file: the request body is empty; send the bytes of the file';

/** How a visitor file's upload token starts; db/files.ts finds a chatbot's visitor files by it. */
export const VISITOR_TOKEN_PREFIX = 'widget-session-';

/** The upload token of a file a visitor of `session` sent. */
export function visitorUploadToken(session: Session): string {
  return `${VISITOR_TOKEN_PREFIX}${session.id}.${randomBytes(18).toString('base64url')}`;
}

/** Whether a visitor of the widget sent the file, as opposed to the console. */
export function isVisitorFile(file: StoredFile): boolean {
  return file.uploadToken.startsWith(VISITOR_TOKEN_PREFIX);
}

export function isFileOfSession(file: StoredFile | null, session: Session): boolean {
  return file?.uploadToken.startsWith(`${VISITOR_TOKEN_PREFIX}${session.id}.`) ?? false;
}

/**
 * Whether the chatbot takes this kind of file from visitors right now: images only with
 * EnableUploadImage, a WAV recording only with EnablePushToTalk, nothing else ever. Asked at
 * upload and again at ask, since the settings may change in between.
 */
export function refusalOfKind(type: CanonicalType, settings: ChatbotSettings): ServiceError | null {
  const kind = CANONICAL_KINDS[type];
  if (kind === 'Image' && !settings.EnableUploadImage) return new ServiceError(403, IMAGES_OFF);
  if (kind === 'Audio' && !settings.EnablePushToTalk) return new ServiceError(403, VOICE_OFF);
  if (kind === 'Video') return badRequest(`file: ${type} is a video; a visitor may attach PNG, JPEG, WEBP or non-animated GIF images, or a WAV recording`);
  return null;
}
