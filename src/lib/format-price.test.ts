import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it('puts a symbol before the grouped amount', () => {
    expect(formatPrice(1250000, '$')).toBe('$1,250,000');
    expect(formatPrice(950.5, '€')).toBe('€950.5');
    expect(formatPrice(2400.456, '£')).toBe('£2,400.46');
  });

  it('separates a currency code from the amount', () => {
    expect(formatPrice(2400, 'CHF')).toBe('CHF 2,400');
    expect(formatPrice(2400, ' USD ')).toBe('USD 2,400');
  });

  it('keeps the sign in front of the symbol', () => {
    expect(formatPrice(-50, '$')).toBe('-$50');
  });

  it('shows a bare number without a symbol and nothing without an amount', () => {
    expect(formatPrice(1200, '')).toBe('1,200');
    expect(formatPrice(null, '$')).toBe('');
    expect(formatPrice(undefined, '$')).toBe('');
    expect(formatPrice(Number.NaN, '$')).toBe('');
  });
});
