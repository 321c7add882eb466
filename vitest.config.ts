import { defineConfig } from 'vitest/config';

/**
 * Test tiers by suffix: *.unit.test.ts(x) pure or jsdom, *.int.test.ts real servers and
 * databases. The browser tests (*.e2e.test.ts) run on @playwright/test: playwright.config.ts.
 */
export default defineConfig({
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['services/*/src/**/*.unit.test.ts', 'services/*/test/**/*.unit.test.ts', 'docs/**/*.unit.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['shell/**/*.unit.test.{ts,tsx}', 'mfe-*/**/*.unit.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          setupFiles: ['./shell/kit/test/setup-dom.ts'],
          // A guard against a hang, not a speed target: a screen test types and taps through whole forms
          // in jsdom, and on a busy 2-core runner a long one (a race of 130 laps) takes 20 s and more.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          environment: 'node',
          include: ['services/*/src/**/*.int.test.ts', 'services/*/test/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
