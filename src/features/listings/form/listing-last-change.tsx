import { useQuery } from '@tanstack/react-query';
import { latestListingChangeQueryOptions } from '../../../api/activity';
import { LISTING_KEY_MAX_LENGTH, type ActivityEntry, type LatestListingChangeQuery } from '../../../api/contract/activity';
import { useAccess } from '../../../api/use-access';
import { LastChangeLine } from '../../../components/last-change-line';
import type { Listing } from '../parse-listing-row';

const ACTION_WORDS: Partial<Record<ActivityEntry['Action'], string>> = {
  'listing.create': 'Created',
  'listing.update': 'Edited',
  'listing.delete': 'Deleted',
};

/**
 * What the record is asked for: the listing under each of its keys, since an entry names it by
 * the key its request used (an edit matched by MLS number names the MLS number). A key too long
 * for a query string is left out.
 */
export function listingChangeQuery(chatbotId: string, listing: Pick<Listing, 'ID' | 'MLSNumber' | 'Url'>): LatestListingChangeQuery {
  const fits = (key: string) => (key !== '' && key.length <= LISTING_KEY_MAX_LENGTH ? key : undefined);
  return { chatbot: chatbotId, platformId: String(listing.ID), mlsNumber: fits(listing.MLSNumber), url: fits(listing.Url) };
}

/**
 * The chatbot's entries of that action: the Activity page filters by one action and by no
 * listing, so the change is among them, at their head unless another listing changed since.
 */
export function listingActivityHref(chatbotId: string, entry: Pick<ActivityEntry, 'Action'>): string {
  return `/activity?${new URLSearchParams({ chatbot: chatbotId, action: entry.Action }).toString()}`;
}

/**
 * The listing's last change, from the activity record: "Edited by Dana Ruiz, 3 minutes ago",
 * linking into Activity. Only for a member who may see the record (the others are not asked
 * for it), and nothing while it loads, when the record has none, or when it cannot be read.
 */
export function ListingLastChange({ chatbotId, listing }: { chatbotId: string; listing: Pick<Listing, 'ID' | 'MLSNumber' | 'Url'> }) {
  const { may } = useAccess();
  const allowed = may('viewActivity', chatbotId);
  const { data: entry, dataUpdatedAt } = useQuery({ ...latestListingChangeQueryOptions(listingChangeQuery(chatbotId, listing)), enabled: allowed });
  if (!allowed || !entry) return null;
  return (
    <LastChangeLine
      action={ACTION_WORDS[entry.Action] ?? 'Changed'}
      by={entry.MemberName}
      at={entry.At}
      now={dataUpdatedAt}
      href={listingActivityHref(chatbotId, entry)}
    />
  );
}
