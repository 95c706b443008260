import { useQuery } from '@tanstack/react-query';
import type { VersionSummary } from '../../api/contract';
import { useAccess } from '../../api/use-access';
import { latestVersionQueryOptions } from '../../api/versions';
import { LastChangeLine } from '../../components/last-change-line';
import { versionAuthor } from './history/version-author';

/**
 * Where the line leads: the chatbot's entries of the action that made the version (a save or a
 * restore; the Activity page filters by one action), that change at their head unless a refused
 * attempt came after it. The first settings were made by no action the record keeps: the
 * chatbot's whole record.
 */
export function settingsActivityHref(chatbotId: string, version: Pick<VersionSummary, 'Source' | 'RestoredFrom'>): string {
  const params = new URLSearchParams({ chatbot: chatbotId });
  if (version.Source !== 'created') params.set('action', version.RestoredFrom === null ? 'settings.save' : 'settings.restore');
  return `/activity?${params.toString()}`;
}

/**
 * The settings' last change, from the newest version: "Edited by Dana Ruiz, 3 minutes ago",
 * linking into Activity for a member who may see it. Nothing while it loads, or when the service
 * keeps no versions (or cannot be asked): the page works without it.
 */
export function SettingsLastChange({ chatbotId }: { chatbotId: string }) {
  const { may } = useAccess();
  const { data: version, dataUpdatedAt } = useQuery(latestVersionQueryOptions(chatbotId));
  if (!version) return null;
  const created = version.Source === 'created' && !version.EditedBy;
  return (
    <LastChangeLine
      action={created ? 'Created' : 'Edited'}
      by={created ? null : versionAuthor(version)}
      at={version.CreatedAt}
      now={dataUpdatedAt}
      href={may('viewActivity', chatbotId) ? settingsActivityHref(chatbotId, version) : null}
    />
  );
}
