import { build, type Plugin } from 'vite';

/** The widget's entry and where its script goes: dist/widget/widget.js, served by server/routes/widget.ts. */
export const WIDGET_ENTRY = 'src/widget/main.ts';
export const WIDGET_OUT_DIR = 'dist/widget';

/**
 * Builds the embeddable chat widget after the app, as a build of its own: one classic script
 * (IIFE: a host page loads it with a plain <script>, no module, no chunks), sharing nothing
 * with the app's chunks, so the console's pages load exactly what they did before
 * (e2e/landing-weight.spec.ts) and the widget carries no React, Mantine or zod.
 */
export function widgetBuild(): Plugin {
  return {
    name: 'realty-bot:widget-build',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        // public/ belongs to the app: copied once, by the app's build.
        publicDir: false,
        build: {
          outDir: WIDGET_OUT_DIR,
          emptyOutDir: true,
          sourcemap: false,
          lib: { entry: WIDGET_ENTRY, formats: ['iife'], name: 'RealtyBotWidget', fileName: () => 'widget.js' },
        },
      });
    },
  };
}
