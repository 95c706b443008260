/**
 * A fresh id for one file's import (RealEstateBatch's ImportId): 128 random bits as hex.
 * crypto.randomUUID exists only in secure contexts, and the console is also opened over plain
 * http by a host name; getRandomValues works everywhere.
 */
export function newImportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `import-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
