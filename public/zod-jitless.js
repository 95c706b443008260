// Runs before the app's modules (a classic script ahead of the module one in index.html):
// a first import in main.tsx would be too late, because the bundler hoists zod and the
// schemas into a chunk that the entry chunk imports, and so evaluates first.
// Zod's JIT probes `Function('')` when its first object schema is built; the
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') blocks that and reports a
// violation. Zod reads its settings from this global (what z.config({ jitless: true }) sets),
// and schemas are built at import time, so it has to be set before Zod loads.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
// It also pays for itself: most schemas parse a handful of times in the browser, so compiling
// them costs more than it saves. The server, which does not load this file, keeps the compiler.
