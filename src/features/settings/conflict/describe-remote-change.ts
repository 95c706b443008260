import type { VersionSummary } from '../../../api/contract';
import { formatTimeAgo } from '../../../lib/format-time';
import { versionAuthor } from '../history/version-author';
import { settingLabels } from '../setting-fields';
import type { RemoteChange } from './remote-change';

/** Who saved it, as the start of a sentence. This form's own saves are never listed here. */
function whoSaved(version: VersionSummary): string {
  const author = versionAuthor(version);
  return author === 'This console' ? 'Another session of this console' : author === 'Created' ? 'The service, at creation,' : author;
}

function whatItDid(version: VersionSummary): string {
  if (version.RestoredFrom !== null) return `restored version ${version.RestoredFrom}`;
  return version.ChangedFields.length > 0 ? `saved ${settingLabels(version.ChangedFields)}` : 'saved the settings';
}

/** "Dana Ruiz saved Welcome message 2 minutes ago (version 7)", one line per version. */
export function remoteChangeLines(change: RemoteChange, timeAgo: (ms: number) => string = (ms) => formatTimeAgo(ms, Date.now())): string[] {
  if (change.seenIn === 'versions') {
    return change.versions.map((version) => `${whoSaved(version)} ${whatItDid(version)} ${timeAgo(version.CreatedAt)} (version ${version.Version})`);
  }
  return ['The service holds settings that differ from those this form loaded. It keeps no history, so who changed them and when is not known.'];
}
