/*
 * The team-access pages, as one chunk: they share most of their code (forms, the contract's
 * schemas, the console routes' client), and as five chunks they split the code they share
 * with the first page into many small chunks, which weighed 6 KB more on the landing page.
 */
export { AccountPage } from './account-page';
export { InvitePage } from './invite-page';
export { MembersPage } from './members-page';
export { SetupPage } from './setup-page';
export { SignInPage } from './sign-in-page';
