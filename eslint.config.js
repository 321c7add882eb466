import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import boundaries of the web apps (README 'Layout', shell/kit/README.md), checked on the import
 * strings by the core `no-restricted-imports`:
 * - packages only through their `exports`: `@pitwall/kit`, `@pitwall/kit/forms`, `@pitwall/kit/build`, `@pitwall/kit/test`,
 *   never `…/shell/kit/{src,build,test}/…` by relative path nor `@pitwall/<pkg>/src/…`;
 * - no imports across remotes: an mfe-* never imports another mfe-* or the shell (`shell/src`), and the
 *   shell never imports a remote (it loads them at run time through Module Federation) except its
 *   table of screens, `@pitwall/mfe-<name>/screens` (plain data);
 * - no imports across features except through the feature's public `index.ts`
 *   (`../../car-history`, never `../../car-history/components/…`).
 * ESLint keeps only the last `no-restricted-imports` setting that matches a file, so each block below
 * carries every pattern that applies to its files. shell/kit/build/import-boundaries.unit.test.ts
 * lints bad code against this file and expects each error.
 */
const WEB_APPS = ['shell', 'mfe-cars', 'mfe-events', 'mfe-teams'];

/** The feature folders of a web app (`<app>/src/features/<feature>`). */
function featuresOf(app) {
  const dir = path.join(import.meta.dirname, app, 'src', 'features');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

const PACKAGE_INTERNALS = [
  {
    regex: '^\\.{1,2}/(.*/)?kit/(src|build|test)(/|$)',
    message: 'Import the kit through its package exports: @pitwall/kit, @pitwall/kit/forms, @pitwall/kit/build or @pitwall/kit/test.',
  },
  {
    regex: '^@pitwall/[a-z-]+/(src|build|test|dist)/',
    message: "Import a workspace package only through its package.json 'exports'.",
  },
  {
    regex: '^\\.{1,2}/(.*/)?services/[a-z-]+(/|$)',
    message: 'Import a service package through its name (e.g. @pitwall/contracts), never by relative path.',
  },
];

/** Patterns for the files of `app` (a remote, or the shell). */
function appPatterns(app) {
  const otherApps = WEB_APPS.filter((other) => other !== app);
  // `shell/kit/…` is the kit package, refused above with its own message; `shell/…` otherwise is the shell app.
  const otherAppFolders = otherApps.map((other) => (other === 'shell' ? 'shell(?!/kit(/|$))' : other));
  return [
    ...PACKAGE_INTERNALS,
    {
      // The shell reads each remote's table of screens (src/remotes/remote-paths.ts): `@pitwall/<remote>/screens`.
      regex: `^\\.{1,2}/(.*/)?(${otherAppFolders.join('|')})(/|$)|^@pitwall/(${otherApps.join('|')})${app === 'shell' ? '(?!/screens$)' : ''}(/|$)`,
      message:
        app === 'shell'
          ? 'The shell never imports a remote: it loads remotes at run time (src/remotes).'
          : 'No imports across remotes: a remote never imports another remote or the shell; share through @pitwall/kit.',
    },
  ];
}

/** Patterns for the files of one feature: the app's, plus no deep imports into sibling features. */
function featurePatterns(app, feature) {
  const siblings = featuresOf(app).filter((other) => other !== feature);
  if (siblings.length === 0) return appPatterns(app);
  return [
    ...appPatterns(app),
    {
      regex: `^(\\.\\./)+(features/)?(${siblings.join('|')})/`,
      message: "Import another feature only through its public index.ts (e.g. '../../car-history'), never its internals.",
    },
  ];
}

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const boundaries = WEB_APPS.flatMap((app) => [
  { files: [`${app}/**/*.{ts,tsx}`], ignores: ['shell/kit/**'], rules: restrict(appPatterns(app)) },
  ...featuresOf(app).map((feature) => ({ files: [`${app}/src/features/${feature}/**/*.{ts,tsx}`], rules: restrict(featurePatterns(app, feature)) })),
]);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'bench/results/**', 'services/*/test/fixtures/**', '**/*.js', '!eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['shell/**/*.tsx', 'mfe-*/**/*.tsx', 'shell/**/*.ts', 'mfe-*/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The kit is the package every app shares: it imports no app.
    files: ['shell/kit/**/*.{ts,tsx}'],
    rules: restrict([
      {
        regex: '^\\.{1,2}/(.*/)?(mfe-[a-z]+|src/(features|remotes))(/|$)|^@pitwall/(shell|mfe-[a-z]+)(/|$)',
        message: '@pitwall/kit never imports the shell or a remote.',
      },
    ]),
  },
  {
    // The kit is in the shell's main.js (eager) and zod is not, to keep the first load small. Its request schemas come through
    // requestSchemas() (a dynamic import, kit/src/api/request-schemas.ts); types are free. src/forms is not in main.js: it is
    // the entry @pitwall/kit/forms, imported by the forms (loaded on first use), and it is made of zod schemas.
    files: ['shell/kit/src/**/*.{ts,tsx}'],
    ignores: ['shell/kit/src/**/*.test.{ts,tsx}', 'shell/kit/src/forms/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: ['@pitwall/contracts', 'zod'].map((name) => ({
          name,
          allowTypeImports: true,
          message: 'The kit loads zod with the first change sent: import types only, and the schemas through requestSchemas() (kit/src/api/request-schemas.ts).',
        })),
      }],
    },
  },
  {
    // The browser tests run on @playwright/test: vitest's globals (typed for the whole repository) are not defined there.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...['describe', 'it', 'test', 'expect', 'vi', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach'].map((name) => ({
        name,
        message: `Import ${name === 'it' ? 'test' : name} from @playwright/test (or e2e/support/session.ts): the browser tests run on Playwright, not vitest.`,
      }))],
    },
  },
  ...boundaries,
);
