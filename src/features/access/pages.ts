/*
 * The team-access pages of the dashboard, as one chunk (the sign-in page is a page of its own,
 * src/sign-in.tsx, and Members a module of its own, src/app/route-modules.ts): they share most
 * of their code (forms, the contract's schemas, the console routes' client), and as four
 * chunks they split the code they share with the first page into many small chunks, which
 * weighed 6 KB more on the landing page.
 */
export { AccountPage } from './account-page';
export { InvitePage } from './invite-page';
export { SetupPage } from './setup-page';
