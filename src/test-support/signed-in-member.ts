import type { QueryClient } from '@tanstack/react-query';
import { bootstrapQueryOptions, type Bootstrap } from '../api/console';
import type { Role } from '../api/contract/permissions';

/**
 * Signs a member in for a component test the way the app learns who it is: the bootstrap
 * answer in the query cache, which useAccess reads. Nothing of the server is mocked.
 */
export function signInAs(queryClient: QueryClient, role: Role, chatbots: string[] = ['demo-bot']): void {
  const bootstrap: Bootstrap = {
    mode: 'local',
    access: 'signed-in',
    member: { id: 'm1', email: 'a@b.c', name: 'Ann', role, chatbots, demo: false },
    chatbotIds: chatbots,
    sso: false,
  };
  queryClient.setQueryData(bootstrapQueryOptions().queryKey, bootstrap);
}
