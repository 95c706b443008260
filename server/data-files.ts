/**
 * The names of what the service keeps under DATA_DIR. A module of their own so that
 * `npm run backup` reads them without loading the whole service (app.ts pulls in Fastify and
 * every route: about two thirds of the command's start-up, a few seconds under tsx).
 */
export const DATABASE_FILE = 'realty-bot.sqlite';
export const FILES_FOLDER = 'files';
export const CONSOLE_DATABASE_FILE = 'console.sqlite';
