import { isDetailMissing } from '../../../api/chatbot';
import { apiFetch, isMissingOperation } from '../../../api/client';
import type { ChatbotSettings, VersionSummary } from '../../../api/contract';
import { fetchVersionDetail, fetchVersions } from '../../../api/versions';
import { changedSettingKeys } from '../settings-diff';
import { normalizeSettings } from '../settings-form-schema';

/** A change to the chatbot's settings made after this form took its baseline, by anyone but this form. */
export interface RemoteChange {
  /** What the service holds now (in proxy mode, what the team last saved through this console). */
  settings: ChatbotSettings;
  /** Where that was read: the service's history or its Detail. */
  seenIn: 'versions' | 'detail';
  /** The versions made since the form's baseline, newest first; empty when the service keeps none. */
  versions: VersionSummary[];
  /** When it was saved, in ms since the epoch, where known. */
  savedAt: number | null;
}

export interface RemoteCheck {
  change: RemoteChange | null;
  /** The service's newest version now (null without a history): the next check counts from it. */
  newestVersion: number | null;
}

/** How the check reads the service; tests pass their own. */
export interface RemoteSources {
  versions: (chatbotId: string) => Promise<VersionSummary[]>;
  versionSettings: (chatbotId: string, version: number) => Promise<ChatbotSettings>;
  detail: (chatbotId: string) => Promise<ChatbotSettings>;
}

/** Enough of the newest versions to name everyone who saved while a form was open. */
const VERSIONS_LOOKED_AT = 20;

export const serviceSources: RemoteSources = {
  versions: async (chatbotId) => (await fetchVersions(chatbotId, 1, VERSIONS_LOOKED_AT)).List,
  versionSettings: async (chatbotId, version) => (await fetchVersionDetail(chatbotId, version)).Settings,
  detail: async (chatbotId) => {
    const { serialNumber: _id, ...settings } = await apiFetch('Detail', { serialNumber: chatbotId });
    return settings;
  },
};

function differs(baseline: ChatbotSettings, settings: ChatbotSettings): boolean {
  return changedSettingKeys(baseline, normalizeSettings(settings)).length > 0;
}

/**
 * Has anyone changed the settings since the form took `baseline`? Asked just before a save,
 * so a save never silently overwrites another editor's change.
 *
 * - With a settings history: a version newer than `seenVersion` (the newest when the baseline
 *   was taken) is the sign, and its snapshot tells what changed. A newer version whose settings
 *   equal the baseline (this form's own save, or a change undone) is not a change.
 * - Without one: a fresh Detail compared with the baseline.
 * - Without Detail either (proxy mode, nothing saved through this console yet): nothing to compare.
 *
 * The check and the Edit that follows are two requests: a save landing between them is not
 * seen. The interface has no conditional Edit to close that window.
 */
export async function checkRemoteChange(
  chatbotId: string,
  baseline: ChatbotSettings,
  seenVersion: number | null,
  sources: RemoteSources = serviceSources,
): Promise<RemoteCheck> {
  let versions: VersionSummary[] | null = null;
  try {
    versions = await sources.versions(chatbotId);
  } catch (error) {
    if (!isMissingOperation(error)) throw error;
  }

  if (versions) {
    const newest = versions[0];
    if (!newest) return { change: null, newestVersion: null };
    if (seenVersion !== null && newest.Version <= seenVersion) return { change: null, newestVersion: newest.Version };
    const settings = normalizeSettings(await sources.versionSettings(chatbotId, newest.Version));
    if (!differs(baseline, settings)) return { change: null, newestVersion: newest.Version };
    const since = seenVersion === null ? [newest] : versions.filter((version) => version.Version > seenVersion);
    return { change: { settings, seenIn: 'versions', versions: since, savedAt: newest.CreatedAt }, newestVersion: newest.Version };
  }

  try {
    const settings = normalizeSettings(await sources.detail(chatbotId));
    return { change: differs(baseline, settings) ? { settings, seenIn: 'detail', versions: [], savedAt: null } : null, newestVersion: null };
  } catch (error) {
    if (!isDetailMissing(error)) throw error;
    return { change: null, newestVersion: null };
  }
}
