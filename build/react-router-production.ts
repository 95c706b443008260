import { fileURLToPath } from 'node:url';

/**
 * react-router's package exports point every condition at its development build (dev
 * warnings and checks included; remix-run/react-router#12532, #14753), though it ships a
 * production build beside it: these aliases make a `vite build` use the production build
 * (the app's, vite.config.ts, and the bench's react-admin peer's, bench/peer-build.ts).
 */
export const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];
