import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bootstrapQueryOptions } from '../../api/console';
import { adoptBootstrap } from './adopt-bootstrap';

/**
 * Keeps the connection in step with the server's bootstrap: the chatbots of whoever is signed
 * in. Returns true while the first answer is still under way. The router usually started the
 * same query already (see src/app/prefetch.ts); this one joins it.
 */
export function useBootstrapConnection(): boolean {
  const bootstrap = useQuery(bootstrapQueryOptions());

  useEffect(() => {
    adoptBootstrap(bootstrap.data);
  }, [bootstrap.data]);

  return bootstrap.isPending;
}
