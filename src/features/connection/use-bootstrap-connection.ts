import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bootstrapQueryOptions } from '../../api/console';
import { useConnection } from '../../api/use-connection';
import { adoptBootstrap, isUntouched } from './adopt-bootstrap';

/**
 * A browser that has never connected takes what the server beside the app offers: the
 * user types nothing. Returns true while that first look is still under way. The router
 * usually started the same query already (see src/app/prefetch.ts); this one joins it.
 */
export function useBootstrapConnection(): boolean {
  const connection = useConnection();
  const untouched = isUntouched(connection);
  const bootstrap = useQuery({ ...bootstrapQueryOptions(), enabled: untouched });

  useEffect(() => {
    if (untouched) adoptBootstrap(bootstrap.data);
  }, [untouched, bootstrap.data]);

  return untouched && (bootstrap.isPending || (bootstrap.data?.chatbotIds.length ?? 0) > 0);
}
