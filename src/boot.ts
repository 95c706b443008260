import { requestBootstrapEarly } from './api/bootstrap-request';
import { getConnection, isConnected } from './api/credentials';
import { areaModules, areaOfPath } from './app/route-modules';
import { isUntouched } from './features/connection/adopt-bootstrap';

/*
 * Runs before main.tsx (its own module script, first in index.html), while the browser still
 * downloads and evaluates React, the router and Mantine: it starts what the first page will
 * wait for, so the downloads and the service's answer overlap that work instead of following
 * it. The open page's module (and what it imports), and, for a browser that has never
 * connected, the bootstrap request that connects it. Nothing here renders or waits.
 */
const connection = getConnection();
const untouched = isUntouched(connection);
if (untouched) requestBootstrapEarly();

const area = areaOfPath(window.location.pathname, untouched || isConnected(connection));
// A failure here is met again, and shown, when the router loads the same module.
if (area) areaModules[area]().catch(() => undefined);
