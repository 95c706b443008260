import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { JSON_BODY_LIMIT } from '../app';
import { buildOpenApiDocument } from './build-document';
import { DOCUMENT_FILE, TYPES_FILE, documentText, typesText } from './generated-files';

/** `npm run openapi`: writes docs/openapi.json and the types generated from it. */
const document = buildOpenApiDocument({ jsonBodyLimit: JSON_BODY_LIMIT });
writeFileSync(DOCUMENT_FILE, documentText(document));
writeFileSync(TYPES_FILE, await typesText(document));
process.stdout.write(`Wrote ${relative(process.cwd(), DOCUMENT_FILE)} and ${relative(process.cwd(), TYPES_FILE)}.\n`);
