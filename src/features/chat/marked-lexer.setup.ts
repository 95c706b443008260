import { loadMarked } from './marked-lexer';

// `marked` is fetched after the chat's first paint in the app (marked-lexer.ts); tests of the
// renderer itself draw Markdown at once, as the app does once it has arrived. A setup file of
// the web tests (vitest.config.ts), after vitest.fresh-modules.ts, so each file loads it again.
await loadMarked();
