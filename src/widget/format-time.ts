/** The last formatter made, kept: the window is redrawn with every settings update (a preview's every keystroke), and making one costs far more than using it. */
let last: { timeZone: string; formatter: Intl.DateTimeFormat } | null = null;

/**
 * A message's time as the chatbot's TimeZone shows it ("3:07 PM" in the visitor's language);
 * the visitor's own zone when TimeZone is empty or not one the browser knows.
 */
export function timeFormatter(timeZone: string): Intl.DateTimeFormat {
  if (last?.timeZone === timeZone) return last.formatter;
  last = { timeZone, formatter: makeFormatter(timeZone.trim()) };
  return last.formatter;
}

function makeFormatter(timeZone: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat(undefined, timeZone ? { ...options, timeZone } : options);
  } catch {
    return new Intl.DateTimeFormat(undefined, options);
  }
}
