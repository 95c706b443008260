import { operations } from '../src/api/contract/operations';
import { headersOf } from './api';
import type { ListingsPage } from './measure-browser';
import { buildReactAdminPage, REACT_ADMIN_DIST } from './peer-build';
import { forwardCost, startPeerHost, type PeerHost } from './peer-host';

/*
 * The dashboard's peer, react-admin (bench/react-admin), as the bench uses it: built, served on
 * a host of its own beside the service (bench/peer-host.ts), and opened on the listings of one
 * chatbot of the service.
 *
 * How it reaches the service: the page asks RealEstateList, at the operation's path on its own
 * origin (forwarded to the service), with the session key in the operation's header, as an API
 * client of the service does and as the streaming peer asks ClientAsk. Our page asks the same
 * operation with the console's session cookie instead, and the service adds the key it holds;
 * the work the service does for the page is the same: one list request for a page of 100 rows
 * of the same chatbot, the same query on the same database. (A react-admin app has no console
 * session to borrow, and signing one in would be work of our console's, not of react-admin's.)
 */

export interface ReactAdminPeer {
  host: PeerHost;
  /** The peer's List of `chatbotId`'s listings, 100 rows per page (its default here, as `perPage`). */
  page(chatbotId: string): ListingsPage;
  /** The forward's cost on the page's one request (see peer-host.ts), for the figures' notes. */
  forwardCost(chatbotId: string): Promise<{ directMs: number; forwardedMs: number }>;
  close(): Promise<void>;
}

const listRequest = (chatbotId: string) => ({ url: operations.RealEstateList.path, headers: headersOf('RealEstateList'), body: { SerialNumber: chatbotId } });

export async function startReactAdminPeer(serviceURL: string): Promise<ReactAdminPeer> {
  await buildReactAdminPage();
  const host = await startPeerHost(REACT_ADMIN_DIST, serviceURL);
  return {
    host,
    page: (chatbotId) => ({
      warmUp: host.warmUp,
      // react-admin routes in the address's fragment (its default router); the request rides in the query.
      url: `${host.url}/?request=${encodeURIComponent(JSON.stringify(listRequest(chatbotId)))}#/listings`,
    }),
    forwardCost: (chatbotId) => {
      const { url, headers, body } = listRequest(chatbotId);
      return forwardCost(host, serviceURL, url, { method: 'POST', headers, body: JSON.stringify({ ...body, PageNumber: 1, PageSize: 100 }) });
    },
    close: () => host.close(),
  };
}
