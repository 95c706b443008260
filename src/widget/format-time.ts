/**
 * A message's time as the chatbot's TimeZone shows it ("3:07 PM" in the visitor's language);
 * the visitor's own zone when TimeZone is empty or not one the browser knows.
 */
export function timeFormatter(timeZone: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat(undefined, timeZone.trim() ? { ...options, timeZone: timeZone.trim() } : options);
  } catch {
    return new Intl.DateTimeFormat(undefined, options);
  }
}
