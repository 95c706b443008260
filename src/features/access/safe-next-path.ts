// The rule lives in the contract: the server's single sign-on applies it too.
export { safeNextPath } from '../../api/contract/safe-next-path';
export { NEXT_PARAM } from './sign-in-path';
