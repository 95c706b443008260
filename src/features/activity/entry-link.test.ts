import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../api/contract/activity';
import { entryHref } from './entry-link';

const entry = (overrides: Partial<Pick<ActivityEntry, 'Action' | 'ChatbotId' | 'Target'>>) => ({
  Action: 'settings.save' as const,
  ChatbotId: 'demo-bot',
  Target: {},
  ...overrides,
});

describe('entryHref', () => {
  it("opens a save's or restore's version in the chatbot's settings history", () => {
    expect(entryHref(entry({ Target: { Fields: ['Name'], Version: 12 } }), false)).toBe('/bots/demo-bot/settings?history=12');
    expect(entryHref(entry({ Action: 'settings.restore', ChatbotId: 'bot 2/x', Target: { RestoredFrom: 3, Version: 7 } }), false)).toBe(
      '/bots/bot%202%2Fx/settings?history=7',
    );
    // Refused: no version was made.
    expect(entryHref(entry({ Target: { Fields: ['Name'] } }), false)).toBe('/bots/demo-bot/settings');
  });

  it("opens the chatbot's listings, filtered to one listing named by its MLS number", () => {
    expect(entryHref(entry({ Action: 'listing.delete', Target: { Keys: ['1', '2'], KeyType: 'PlatformId' } }), false)).toBe('/bots/demo-bot/listings');
    expect(entryHref(entry({ Action: 'listing.update', Target: { Keys: ['TX 1'], KeyType: 'MLSNumber' } }), false)).toBe(
      '/bots/demo-bot/listings?mls=TX%201',
    );
    expect(entryHref(entry({ Action: 'listings.batch', Target: { ImportId: 'imp-1', Count: 3 } }), false)).toBe('/bots/demo-bot/listings');
  });

  it('opens Members for a member action, only for whoever may see it', () => {
    const invite = entry({ Action: 'member.invite', ChatbotId: null, Target: { Email: 'dana@example.com', Role: 'Agent' } });
    expect(entryHref(invite, true)).toBe('/members');
    expect(entryHref(invite, false)).toBeNull();
  });

  it('leads nowhere when no page shows what was touched', () => {
    expect(entryHref(entry({ Action: 'sign-in', ChatbotId: null, Target: { Method: 'password' } }), true)).toBeNull();
    expect(entryHref(entry({ Action: 'file.upload', ChatbotId: null, Target: { FileName: 'a.png' } }), true)).toBeNull();
  });
});
