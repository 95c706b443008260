import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['connection', 'settings', 'chat', 'listings', 'access', 'activity'];

/**
 * design.md's layering, enforced: a feature never imports another feature; the shared
 * folders (api, components, lib) import no feature; api imports no component; the
 * server imports only the contract and the demo-data generators from src/, and those
 * generators import only the contract (so nothing of the UI can reach the server through them).
 */
const layering = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature may not import another feature; move shared code to src/components or src/lib.',
  })),
  { target: './src/api', from: ['./src/features', './src/components', './src/app'], message: 'src/api knows HTTP, not UI.' },
  { target: './src/components', from: ['./src/features', './src/app'], message: 'Shared components import no feature.' },
  { target: './src/lib', from: ['./src/features', './src/components', './src/app', './src/api'], message: 'src/lib holds pure helpers.' },
  {
    target: './server',
    from: './src',
    except: ['./api/contract', './demo-data'],
    message: 'The server imports only the contract and the demo-data generators from src/ (design.md).',
  },
  {
    target: './src/widget',
    from: './src',
    except: ['./api/contract', './api/stream-framing.ts', './lib/rgb-color.ts', './widget'],
    message: "The chat widget (/widget.js) is its own small script: it imports only the contract, the answer stream's framing and the colour helpers, never the console.",
  },
  {
    target: './src/demo-data',
    from: './src',
    except: ['./api/contract', './demo-data'],
    message: 'The demo-data generators import only the contract: the server imports them.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.app.json', 'tsconfig.node.json'], noWarnOnMultipleProjects: true })],
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layering }],
      'import-x/no-cycle': 'error',
      'import-x/no-named-as-default-member': 'off',
    },
  },
  {
    // The browser's code validates with zod/mini only. Classic zod's schemas carry every method
    // (z.string().email(), .cuid(), .jwt(), …), so one classic import anywhere in the app keeps
    // every string format in zod's core module, which all first visits load: 6 KB more on each
    // (docs/performance.md, "zod/mini only").
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
            name,
            message: "Import * as z from 'zod/mini': classic zod grows the zod chunk of every first visit.",
          })),
        },
      ],
    },
  },
  {
    // A listing is parsed field by field: an object rest or spread here takes V8's slow generic
    // copy, 7x the parse of a row (docs/performance.md, "A listing row is parsed field by field").
    files: ['src/features/listings/parse-listing-row.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ObjectPattern > RestElement', message: 'Name each field: a rest copy is 7x slower per row (docs/performance.md).' },
        { selector: 'ObjectExpression > SpreadElement', message: 'Name each field: a spread copy is 7x slower per row (docs/performance.md).' },
      ],
    },
  },
  {
    // The service's start-up banner and the CLI scripts talk to a terminal on purpose.
    files: ['server/main.ts', 'server/console/members-cli.ts', 'scripts/**', 'bench/**', 'reliability/**'],
    rules: { 'no-console': 'off' },
  },
);
