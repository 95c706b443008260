import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bootstrapQueryOptions } from '../../api/console';
import { emptyConnection, saveConnection } from '../../api/credentials';
import { useConnection } from '../../api/use-connection';

/**
 * A browser that has never connected takes what the server beside the app offers:
 * its chatbots and, on the local service with demo keys, those keys. The user types nothing.
 * Returns true while that first look is still under way.
 */
export function useBootstrapConnection(): boolean {
  const connection = useConnection();
  const untouched = connection.chatbotIds.length === 0 && !connection.secretKey && !connection.sessionKey;
  const bootstrap = useQuery({ ...bootstrapQueryOptions(), enabled: untouched });

  useEffect(() => {
    if (!untouched || !bootstrap.data || bootstrap.data.chatbotIds.length === 0) return;
    saveConnection({
      ...emptyConnection,
      chatbotIds: bootstrap.data.chatbotIds,
      secretKey: bootstrap.data.secretKey ?? '',
      sessionKey: bootstrap.data.sessionKey ?? '',
    });
  }, [untouched, bootstrap.data]);

  return untouched && (bootstrap.isPending || (bootstrap.data?.chatbotIds.length ?? 0) > 0);
}
