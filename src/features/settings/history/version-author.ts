import type { VersionSummary } from '../../../api/contract';
import { API_CLIENT } from '../../../api/contract/api-client';

/**
 * Who saved a version, as the history and the conflict dialog name them: the member (the
 * service records their name with the version), else what the service knows of the client.
 * "This console" is a console save from before members existed (the service named nobody then).
 */
export function versionAuthor(version: Pick<VersionSummary, 'Source' | 'EditedBy'>): string {
  if (version.EditedBy) return version.EditedBy;
  if (version.Source === 'created') return 'Created';
  return version.Source === 'console' ? 'This console' : API_CLIENT;
}
