const amountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * An amount with the listing's own currency symbol: `$1,250,000`, `€950`, `CHF 2,400`.
 * The symbol is free text on the service, so a word-like code gets a space and an empty
 * symbol leaves the bare number. Nothing to show gives an empty string.
 */
export function formatPrice(amount: number | null | undefined, currencySymbol: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const symbol = currencySymbol.trim();
  const digits = amountFormat.format(Math.abs(amount));
  const sign = amount < 0 ? '-' : '';
  if (symbol === '') return `${sign}${digits}`;
  const separator = /^[A-Za-z]{2,}$/.test(symbol) ? ' ' : '';
  return `${sign}${symbol}${separator}${digits}`;
}
