/** A moment the server gives as milliseconds since the epoch, in the reader's own words. */
export function formatTime(milliseconds: number | null): string {
  if (milliseconds === null) return 'Never';
  return new Date(milliseconds).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
