import { requestBootstrapEarly } from './api/bootstrap-request';
import { getConnection, isConnected } from './api/credentials';
import { areaModules, areaOfPath } from './app/route-modules';
import { isUntouched } from './features/connection/adopt-bootstrap';

/*
 * Starts what the first page will wait for: the open page's module (and what it imports)
 * and, for a browser that has never connected, the bootstrap request that connects it.
 * The build loads this file from index.html as a small async module script of its own
 * (build/early-entry.ts), which runs as soon as it has downloaded, while the browser still
 * downloads the app's chunks and stylesheet and then evaluates React, the router and Mantine;
 * main.tsx imports it as well (the same module, run once), which is how it runs in
 * development. Nothing here renders or waits.
 */
const connection = getConnection();
const untouched = isUntouched(connection);
if (untouched) requestBootstrapEarly();

const area = areaOfPath(window.location.pathname, untouched || isConnected(connection));
// A failure here is met again, and shown, when the router loads the same module.
if (area) areaModules[area]().catch(() => undefined);
