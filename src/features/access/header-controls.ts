/*
 * What the shell shows of team access on every page, the member's menu and the Demo owner's
 * banner, as one small chunk loaded after the first page (src/app/deferred-access.tsx): apart
 * from the access pages, which are large and would hold up a streaming answer on a slow link.
 */
export { DemoBanner } from './demo-banner';
export { UserMenu } from './user-menu';
