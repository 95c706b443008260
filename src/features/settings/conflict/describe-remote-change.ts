import type { VersionSummary } from '../../../api/contract';
import { settingLabels } from '../setting-fields';
import type { RemoteChange } from './remote-change';

function whoSaved(version: VersionSummary): string {
  // Every console says it is one (x-settings-source); this form's own saves are never listed here.
  return version.Source === 'console' ? 'another session of this console' : version.Source === 'created' ? 'the service, at creation' : 'another client';
}

/** "Version 7, saved 25/11/2026, 10:32:00 by another client: Name, Welcome message", one line per version. */
export function remoteChangeLines(change: RemoteChange, formatTime: (ms: number) => string = (ms) => new Date(ms).toLocaleString()): string[] {
  if (change.seenIn === 'versions') {
    return change.versions.map((version) => {
      const fields = version.ChangedFields.length > 0 ? `: ${settingLabels(version.ChangedFields)}` : '';
      const restored = version.RestoredFrom === null ? '' : `, restoring version ${version.RestoredFrom}`;
      return `Version ${version.Version}, saved ${formatTime(version.CreatedAt)} by ${whoSaved(version)}${restored}${fields}`;
    });
  }
  if (change.seenIn === 'browser') {
    const when = change.savedAt === null ? '' : ` at ${formatTime(change.savedAt)}`;
    return [`Another tab of this browser saved these settings${when}.`];
  }
  return ['The service holds settings that differ from those this form loaded. It keeps no history, so who changed them and when is not known.'];
}
