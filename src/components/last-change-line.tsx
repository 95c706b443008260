import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatTime, formatTimeAgo } from '../lib/format-time';

interface LastChangeLineProps {
  /** What happened: "Edited", "Created", "Deleted". */
  action: string;
  /** Who did it, as the record names them ("Dana Ruiz", "API client"); null when nobody is named. */
  by: string | null;
  /** When, in milliseconds since the epoch. */
  at: number;
  /** When it was read: "3 minutes ago" counts from it. */
  now: number;
  /** The Activity page filtered to it, for a member who may see Activity; plain text otherwise. */
  href: string | null;
}

/** How long ago, in words; under a minute reads "just now" rather than Intl's bare "now". */
function ago(at: number, now: number): string {
  return now - at < 60_000 ? 'just now' : formatTimeAgo(at, now);
}

/**
 * A thing's last change, as the settings page and the listing form show it: "Edited by Dana
 * Ruiz, 3 minutes ago", the exact time on hover. A creation with nobody named reads "Created
 * 3 days ago".
 */
export function LastChangeLine({ action, by, at, now, href }: LastChangeLineProps) {
  const when = (
    <time dateTime={new Date(at).toISOString()} title={formatTime(at)}>
      {ago(at, now)}
    </time>
  );
  const text = by === null ? <>{action} {when}</> : <>{action} by {by}, {when}</>;
  return (
    <Text size="sm" c="dimmed" data-testid="last-change">
      {href ? (
        <Anchor component={Link} to={href} inherit underline="always">
          {text}
        </Anchor>
      ) : (
        text
      )}
    </Text>
  );
}
