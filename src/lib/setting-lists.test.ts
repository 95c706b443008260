import { domainsToList, listToDomains, listToSuggestedMessages, suggestedMessagesToList } from './setting-lists';

describe('suggested messages', () => {
  it('reads one message per line, trimmed, without blank lines', () => {
    expect(suggestedMessagesToList('  Homes in Austin? \n\nRent under $2,000\r\n   \nBook a tour')).toEqual([
      'Homes in Austin?',
      'Rent under $2,000',
      'Book a tour',
    ]);
  });

  it('reads an empty string as an empty list', () => {
    expect(suggestedMessagesToList('')).toEqual([]);
    expect(suggestedMessagesToList('\n \n')).toEqual([]);
  });

  it('joins with newlines, keeping commas inside a message', () => {
    expect(listToSuggestedMessages([' Homes, condos and lofts ', '', '   ', 'Book a tour'])).toBe(
      'Homes, condos and lofts\nBook a tour',
    );
    expect(listToSuggestedMessages([])).toBe('');
  });

  it('keeps a pasted multi-line message as one message', () => {
    expect(listToSuggestedMessages(['Two\nlines', 'next'])).toBe('Two lines\nnext');
  });

  it('round-trips a clean string unchanged', () => {
    const text = 'Homes in Austin?\nRent under $2,000';
    expect(listToSuggestedMessages(suggestedMessagesToList(text))).toBe(text);
  });
});

describe('domains', () => {
  it('reads comma-separated host names, trimmed, without empties', () => {
    expect(domainsToList(' example.com, shop.example.com ,, ')).toEqual(['example.com', 'shop.example.com']);
    expect(domainsToList('')).toEqual([]);
  });

  it('joins with commas and no spaces', () => {
    expect(listToDomains(['example.com ', '', ' shop.example.com'])).toBe('example.com,shop.example.com');
    expect(listToDomains([])).toBe('');
  });

  it('splits an entry that holds several comma-separated names', () => {
    expect(listToDomains(['a.example.com, b.example.com', 'c.example.com'])).toBe(
      'a.example.com,b.example.com,c.example.com',
    );
  });

  it('normalises a spaced string so it compares equal after a round trip', () => {
    expect(listToDomains(domainsToList('example.com, shop.example.com'))).toBe('example.com,shop.example.com');
  });
});
