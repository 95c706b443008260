import { describe, expect, it } from 'vitest';
import { EntryLedger, Ledger, type Effect } from './ledger';

interface Listing {
  price: number;
}
type Settings = Record<string, string | number>;

const create =
  (price: number): Effect<Listing | null> =>
  () => ({ price });
const update =
  (price: number): Effect<Listing | null> =>
  (state) => (state === null ? null : { price });
const remove: Effect<Listing | null> = () => null;
const edit =
  (fields: Settings): Effect<Settings> =>
  (state) => ({ ...state, ...fields });

function listings(): Ledger<Listing | null> {
  return new Ledger<Listing | null>(null);
}

describe('Ledger', () => {
  it('passes when every acknowledged write is there', () => {
    const ledger = listings();
    ledger.track('A', null);
    ledger.acknowledged('A', create(100));
    ledger.acknowledged('A', update(150));

    expect(ledger.check(new Map([['A', { price: 150 }]]))).toEqual({ lost: [], unansweredLanded: [], unexpected: [] });
    expect(ledger.acknowledgedWrites).toBe(2);
  });

  it('counts an acknowledged create that is missing as lost', () => {
    const ledger = listings();
    ledger.track('A', null);
    ledger.acknowledged('A', create(100));

    expect(ledger.check(new Map()).lost).toEqual(['A']);
  });

  it('counts an acknowledged update that was rolled back to the earlier value as lost', () => {
    const ledger = listings();
    ledger.track('A', null);
    ledger.acknowledged('A', create(100));
    ledger.acknowledged('A', update(150));

    expect(ledger.check(new Map([['A', { price: 100 }]])).lost).toEqual(['A']);
  });

  it('counts an acknowledged delete whose listing came back as lost', () => {
    const ledger = listings();
    ledger.track('A', null);
    ledger.acknowledged('A', create(100));
    ledger.acknowledged('A', remove);

    expect(ledger.check(new Map([['A', { price: 100 }]])).lost).toEqual(['A']);
  });

  it('counts a listing with the right key but other values as lost', () => {
    const ledger = listings();
    ledger.track('A', null);
    ledger.acknowledged('A', create(100));

    expect(ledger.check(new Map([['A', { price: 101 }]])).lost).toEqual(['A']);
  });

  it('accepts an in-flight create either way, and says when it landed', () => {
    const landed = listings();
    landed.track('A', null);
    landed.unanswered('A', create(100));
    expect(landed.check(new Map([['A', { price: 100 }]]))).toEqual({ lost: [], unansweredLanded: ['A'], unexpected: [] });

    const missing = listings();
    missing.track('A', null);
    missing.unanswered('A', create(100));
    expect(missing.check(new Map())).toEqual({ lost: [], unansweredLanded: [], unexpected: [] });
  });

  it('accepts an in-flight update that landed after an acknowledged one, or did not', () => {
    for (const seen of [150, 200]) {
      const ledger = listings();
      ledger.track('A', null);
      ledger.acknowledged('A', create(100));
      ledger.acknowledged('A', update(150));
      ledger.unanswered('A', update(200));
      expect(ledger.check(new Map([['A', { price: seen }]])).lost).toEqual([]);
    }
  });

  it('does not let an in-flight write excuse the loss of an earlier acknowledged one', () => {
    const ledger = listings();
    ledger.track('A', null);
    ledger.acknowledged('A', create(100));
    ledger.acknowledged('A', update(150));
    ledger.unanswered('A', update(200));

    // 100 is what the service held before the acknowledged update: that update was lost.
    expect(ledger.check(new Map([['A', { price: 100 }]])).lost).toEqual(['A']);
  });

  it('accepts an in-flight delete either way', () => {
    for (const observed of [new Map<string, Listing>(), new Map([['A', { price: 100 }]])]) {
      const ledger = listings();
      ledger.track('A', null);
      ledger.acknowledged('A', create(100));
      ledger.unanswered('A', remove);
      expect(ledger.check(observed).lost).toEqual([]);
    }
  });

  it('reports a record nobody wrote as unexpected', () => {
    const ledger = listings();
    ledger.track('A', null);
    ledger.acknowledged('A', create(100));

    expect(ledger.check(new Map([['A', { price: 100 }], ['B', { price: 5 }]])).unexpected).toEqual(['B']);
  });

  it('pins the record to what it saw, so the next round starts from it', () => {
    const ledger = listings();
    ledger.track('A', null);
    ledger.unanswered('A', create(100));
    ledger.check(new Map([['A', { price: 100 }]]));
    expect(ledger.certain('A')).toEqual({ price: 100 });

    ledger.acknowledged('A', update(120));
    expect(ledger.check(new Map()).lost).toEqual(['A']);
  });

  describe('settings, where an edit changes only some fields', () => {
    it('needs the last acknowledged edit of each field, whatever an in-flight edit did', () => {
      const ledger = new Ledger<Settings>({});
      ledger.track('bot', { Name: 'a', Temperature: 1 });
      ledger.acknowledged('bot', edit({ Name: 'b' }));
      ledger.unanswered('bot', edit({ Temperature: 2 }));

      expect(ledger.check(new Map([['bot', { Name: 'b', Temperature: 2 }]]))).toMatchObject({ lost: [], unansweredLanded: ['bot'] });
    });

    it('counts a half-applied edit as lost: an edit lands whole or not at all', () => {
      const ledger = new Ledger<Settings>({});
      ledger.track('bot', { Name: 'a', Temperature: 1 });
      ledger.unanswered('bot', edit({ Name: 'b', Temperature: 2 }));

      expect(ledger.check(new Map([['bot', { Name: 'b', Temperature: 1 }]])).lost).toEqual(['bot']);
    });

    it('lets an acknowledged edit after an in-flight one decide the fields it sets, and only those', () => {
      const ledger = new Ledger<Settings>({});
      ledger.track('bot', { Name: 'a', Temperature: 1 });
      ledger.unanswered('bot', edit({ Name: 'b', Temperature: 2 }));
      ledger.acknowledged('bot', edit({ Temperature: 3 }));

      expect(ledger.check(new Map([['bot', { Name: 'b', Temperature: 3 }]])).lost).toEqual([]);
      ledger.acknowledged('bot', edit({ Temperature: 4 }));
      expect(ledger.check(new Map([['bot', { Name: 'b', Temperature: 3 }]])).lost).toEqual(['bot']);
    });
  });

  it('tells an unknown record from a tracked one', () => {
    const ledger = listings();
    expect(() => ledger.acknowledged('A', create(1))).toThrow('A is not tracked');
    ledger.track('A', null);
    expect(() => ledger.track('A', null)).toThrow('A is already tracked');
  });
});

describe('EntryLedger', () => {
  it('passes when each acknowledged write has its entry, and a cut-off write one or none', () => {
    const ledger = new EntryLedger();
    ledger.acknowledged('Edit bot');
    ledger.acknowledged('Edit bot');
    ledger.unanswered('Edit bot');
    ledger.unanswered('RealEstateCreate A');
    ledger.acknowledged('RealEstateDelete B');
    for (const signature of ['Edit bot', 'Edit bot', 'Edit bot', 'RealEstateDelete B']) ledger.observed(signature);

    expect(ledger.check()).toEqual({ missing: [], missingEntries: 0, extra: [], unansweredWithEntry: 1 });
  });

  it('reports an acknowledged write without its entry, and an entry no write explains', () => {
    const ledger = new EntryLedger();
    ledger.acknowledged('Edit bot');
    ledger.acknowledged('Edit bot');
    ledger.unanswered('Edit bot');
    ledger.observed('Edit bot');
    ledger.acknowledged('RealEstateUpdate A');
    ledger.observed('RealEstateUpdate A');
    ledger.observed('RealEstateUpdate A');
    ledger.observed('RealEstateCreate nobody');

    expect(ledger.check()).toEqual({
      missing: ['Edit bot (2 acknowledged, 1 entries)'],
      missingEntries: 1,
      extra: ['RealEstateUpdate A (1 sent, 2 entries)', 'RealEstateCreate nobody (0 sent, 1 entries)'],
      unansweredWithEntry: 0,
    });
  });

  it('judges each check on its own: a later cut-off write’s entry does not stand in for a lost one', () => {
    const ledger = new EntryLedger();
    ledger.acknowledged('Edit bot');
    expect(ledger.check().missing).toEqual(['Edit bot (1 acknowledged, 0 entries)']);

    ledger.unanswered('Edit bot');
    ledger.observed('Edit bot');
    expect(ledger.check()).toEqual({ missing: [], missingEntries: 0, extra: [], unansweredWithEntry: 1 });
  });
});
