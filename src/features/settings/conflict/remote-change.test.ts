import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import type { ChatbotSettings, VersionSummary } from '../../../api/contract';
import { createChatbotSettings } from '../../../demo-data';
import { remoteChangeLines } from './describe-remote-change';
import { checkRemoteChange, type RemoteSources } from './remote-change';

const BOT = 'demo-bot';
const baseline = createChatbotSettings();

function version(number: number, fields: VersionSummary['ChangedFields'], source: VersionSummary['Source'] = 'other'): VersionSummary {
  return { Version: number, CreatedAt: Date.UTC(2026, 10, 25, 10, number), ChangedFields: fields, Source: source, RestoredFrom: null };
}

const noOperation = (operation: 'Versions' | 'Detail') => new ApiError(operation, 404, 404, `No operation ${operation}`);

/** A service with a history: `snapshots[n]` is version n's settings, the last one current. */
function withHistory(summaries: VersionSummary[], snapshots: Record<number, ChatbotSettings>): RemoteSources {
  return {
    versions: vi.fn(async () => summaries),
    versionSettings: vi.fn(async (_id, number) => snapshots[number]!),
    detail: vi.fn(async () => {
      throw new Error('Detail is not needed where there is a history');
    }),
  };
}

describe('checkRemoteChange with a settings history', () => {
  it('sees no change, and reads no snapshot, when no version is newer than the one the form loaded', async () => {
    const sources = withHistory([version(3, ['Name'])], {});
    expect(await checkRemoteChange(BOT, baseline, 3, sources)).toEqual({ change: null, newestVersion: 3 });
    expect(sources.versionSettings).not.toHaveBeenCalled();
  });

  it('reports the versions saved since, with the settings they left', async () => {
    const theirs = { ...baseline, Name: 'Renamed elsewhere' };
    const sources = withHistory([version(5, ['Name'], 'console'), version(4, ['Name']), version(3, ['WelcomeMessage'])], { 5: theirs });
    const { change, newestVersion } = await checkRemoteChange(BOT, baseline, 3, sources);
    expect(newestVersion).toBe(5);
    expect(change).toMatchObject({ settings: theirs, seenIn: 'versions', savedAt: Date.UTC(2026, 10, 25, 10, 5) });
    expect(change!.versions.map((item) => item.Version)).toEqual([5, 4]);
    expect(remoteChangeLines(change!, () => '2 minutes ago')).toEqual([
      'Another session of this console saved Name 2 minutes ago (version 5)',
      'API client saved Name 2 minutes ago (version 4)',
    ]);
    // A member's save names them; a restore says which version it brought back.
    const named = { ...change!, versions: [{ ...version(6, ['WelcomeMessage', 'Name']), Source: 'console' as const, EditedBy: 'Dana Ruiz' }, { ...version(7, ['Name']), RestoredFrom: 3, EditedBy: 'Olive Owner' }] };
    expect(remoteChangeLines(named, () => '2 minutes ago')).toEqual([
      'Dana Ruiz saved Welcome message, Name 2 minutes ago (version 6)',
      'Olive Owner restored version 3 2 minutes ago (version 7)',
    ]);
  });

  it('does not count a newer version whose settings are the form’s own (its last save, or a change undone)', async () => {
    const sources = withHistory([version(6, ['Name'], 'console')], { 6: { ...baseline } });
    expect(await checkRemoteChange(BOT, baseline, 5, sources)).toEqual({ change: null, newestVersion: 6 });
  });

  it('compares the newest snapshot when the version the form loaded is unknown', async () => {
    const theirs = { ...baseline, Temperature: 0.3 };
    const sources = withHistory([version(2, ['Temperature']), version(1, [], 'created')], { 2: theirs });
    const { change } = await checkRemoteChange(BOT, baseline, null, sources);
    expect(change?.versions.map((item) => item.Version)).toEqual([2]);
  });

  it('compares lists the way the form stores them, so a different spelling of the same list is no change', async () => {
    const sources = withHistory([version(2, ['SuggestedMessage'])], { 2: { ...baseline, SuggestedMessage: ` ${baseline.SuggestedMessage}` } });
    const spaced = await checkRemoteChange(BOT, baseline, 1, sources);
    expect(spaced.change).toBeNull();
  });
});

describe('checkRemoteChange without a settings history', () => {
  const noHistory = (overrides: Partial<RemoteSources>): RemoteSources => ({
    versions: async () => {
      throw noOperation('Versions');
    },
    versionSettings: async () => {
      throw new Error('no history');
    },
    detail: async () => baseline,
    ...overrides,
  });

  it('compares a fresh Detail with the baseline', async () => {
    expect((await checkRemoteChange(BOT, baseline, null, noHistory({}))).change).toBeNull();
    const theirs = { ...baseline, RateLimitCount: 99 };
    const { change } = await checkRemoteChange(BOT, baseline, null, noHistory({ detail: async () => theirs }));
    expect(change).toEqual({ settings: theirs, seenIn: 'detail', versions: [], savedAt: null });
  });

  it('without Detail either (nothing known yet), there is nothing to compare with', async () => {
    const missingDetail = async (): Promise<ChatbotSettings> => {
      throw noOperation('Detail');
    };
    expect((await checkRemoteChange(BOT, baseline, null, noHistory({ detail: missingDetail }))).change).toBeNull();
  });

  it('lets a real failure through, so Save reports it instead of saving unchecked', async () => {
    const offline = new ApiError('Versions', 0, 0, 'The service could not be reached');
    await expect(checkRemoteChange(BOT, baseline, null, noHistory({ versions: async () => Promise.reject(offline) }))).rejects.toBe(offline);
    const unknownBot = new ApiError('Detail', 404, 404, 'serialNumber: no chatbot with this id');
    await expect(checkRemoteChange(BOT, baseline, null, noHistory({ detail: async () => Promise.reject(unknownBot) }))).rejects.toBe(unknownBot);
  });
});
