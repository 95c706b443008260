/**
 * Choices for TimeZone and AIResponseLanguage from the browser's own Intl data, so the
 * lists stay current without shipping tables. AIResponseLanguage is the full English
 * name of a language ("Portuguese"), as the interface asks.
 */

/** Languages people commonly ask a chatbot to answer in (ISO 639-1, plus a few regional forms). */
export const COMMON_LANGUAGE_CODES = [
  'ar', 'bg', 'bn', 'ca', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fa', 'fi', 'fil', 'fr', 'he', 'hi', 'hr',
  'hu', 'id', 'it', 'ja', 'ko', 'lt', 'lv', 'ms', 'nl', 'no', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sr', 'sv',
  'sw', 'ta', 'th', 'tr', 'uk', 'ur', 'vi', 'zh', 'zh-Hans', 'zh-Hant', 'pt-BR', 'es-MX', 'en-GB', 'fr-CA',
] as const;

export interface Option {
  value: string;
  label: string;
}

function withCurrent(values: string[], current: string): string[] {
  return current !== '' && !values.includes(current) ? [current, ...values] : values;
}

/** Every IANA time zone the browser knows, plus UTC (which some engines leave out) and the saved value. */
export function timeZoneValues(current: string, supported: () => string[] = () => Intl.supportedValuesOf('timeZone')): string[] {
  let zones: string[];
  try {
    zones = supported();
  } catch {
    zones = [];
  }
  const all = zones.includes('UTC') ? zones : ['UTC', ...zones];
  return withCurrent(all, current);
}

/** Full English language names, sorted, without duplicates; the saved value is kept even if unlisted. */
export function languageNames(current: string, codes: readonly string[] = COMMON_LANGUAGE_CODES): string[] {
  const names = new Set<string>();
  const display = englishLanguageNames();
  for (const code of codes) {
    const name = display?.of(code);
    if (name && name !== code) names.add(name);
  }
  return withCurrent([...names].sort((a, b) => a.localeCompare(b, 'en')), current);
}

function englishLanguageNames(): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' });
  } catch {
    return null;
  }
}
