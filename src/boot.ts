import { requestBootstrapEarly } from './api/bootstrap-request';
import { areaModules, areaOfPath, type Area } from './app/route-modules';
import { prepareTimeFormat } from './lib/format-time';

/*
 * Starts what the first page will wait for: the open page's module (and what it imports)
 * and the bootstrap request, which says who is signed in and on which chatbots.
 * The build loads this file from index.html as a small async module script of its own
 * (build/early-entry.ts), which runs as soon as it has downloaded, while the browser still
 * downloads the app's chunks and stylesheet and then evaluates React, the router and Mantine;
 * main.tsx imports it as well (the same module, run once), which is how it runs in
 * development. Nothing here renders or waits.
 */
requestBootstrapEarly();

// `/` opens the first chatbot's listings for a member with a chatbot, which is the usual case.
const area = areaOfPath(window.location.pathname, true);
// A failure here is met again, and shown, when the router loads the same module.
if (area) areaModules[area]().catch(() => undefined);

/** The pages whose first render shows a time (the settings' last change, the Activity and Members tables). */
const SHOWS_TIMES_AT_ONCE: ReadonlySet<Area> = new Set(['settings', 'activity', 'members']);
if (area && SHOWS_TIMES_AT_ONCE.has(area)) prepareTimeFormat();
