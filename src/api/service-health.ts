import { getConnection, type Connection } from './credentials';
import { endpoints } from './contract/endpoints';

/**
 * Whether the service answers at all, whatever it thinks of the request: used only to
 * notice that a service which could not be reached is back. On this server it asks the
 * health route; a service elsewhere has none, so it asks for the model list without keys
 * and counts any answer (an opaque no-cors response included) as "reachable". No key is
 * ever sent with a probe.
 */
export async function isServiceReachable(connection: Connection = getConnection(), signal?: AbortSignal): Promise<boolean> {
  const url = connection.baseUrl ? `${connection.baseUrl}${endpoints.ModelList.path}` : '/console/health';
  try {
    const response = await fetch(url, {
      method: 'GET',
      cache: 'no-store',
      mode: connection.baseUrl ? 'no-cors' : 'same-origin',
      credentials: 'omit',
      signal,
    });
    // This server's own health route must say ok: a proxy in front may answer 502 for it.
    return connection.baseUrl ? true : response.ok;
  } catch {
    return false;
  }
}
