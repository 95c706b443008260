/**
 * How the record names a request that came with a key and no console member. A module of its
 * own, so naming it (the settings' last change does) does not bring the Activity page's
 * schemas along (activity.ts re-exports both).
 */

/** Who an entry (or a settings version) names when a request came with a key and no console member. */
export const API_CLIENT = 'API client';

/** The `member` filter's value for requests made with a key. */
export const API_CLIENT_FILTER = 'api-client';
