/**
 * SuggestedMessage and Domains travel as one string each (design.md); people edit them as
 * lists. Entries are trimmed and blank ones dropped both ways, so a stray empty row or a
 * trailing comma never reaches the service and never counts as a change.
 */

function cleanEntries(entries: readonly string[]): string[] {
  return entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
}

/** One suggested message per line. */
export function suggestedMessagesToList(text: string): string[] {
  return cleanEntries(text.split(/\r?\n/));
}

export function listToSuggestedMessages(list: readonly string[]): string {
  // A message is one line in the stored string, so a pasted line break would split it in two.
  return cleanEntries(list.map((entry) => entry.replace(/\s*\r?\n\s*/g, ' '))).join('\n');
}

/** Comma-separated host names. */
export function domainsToList(text: string): string[] {
  return cleanEntries(text.split(','));
}

export function listToDomains(list: readonly string[]): string {
  // A comma inside an entry would silently make two domains; each comma-separated part becomes its own.
  return cleanEntries(list.flatMap((entry) => entry.split(','))).join(',');
}
