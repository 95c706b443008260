import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { bootstrapQueryOptions } from './console';
import type { Bootstrap, Member } from './contract/bootstrap';
import { may as grantMay, type Action } from './contract/permissions';

export interface Access {
  /** What the server said of itself and of who is asking; undefined while it is asked, null when it cannot be reached. */
  bootstrap: Bootstrap | null | undefined;
  member: Member | null;
  /**
   * Whether the signed-in member may do this (on this chatbot): the same map the server
   * enforces, so a control hidden here is one the server would refuse.
   */
  may(action: Action, chatbotId?: string): boolean;
}

export function useAccess(): Access {
  const { data } = useQuery(bootstrapQueryOptions());
  const member = data?.member ?? null;
  const may = useCallback((action: Action, chatbotId?: string) => (member ? grantMay(member, action, chatbotId) : false), [member]);
  return useMemo(() => ({ bootstrap: data, member, may }), [data, member, may]);
}
