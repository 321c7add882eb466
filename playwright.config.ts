import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium.ts';

if (!existsSync(CHROMIUM_PATH)) {
  throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium with \`bash infra/ci-setup.sh\` (or apt-get install -y chromium).`);
}

/**
 * The browser tests (e2e/*.e2e.test.ts): Pitwall started the README's way as its own process,
 * Debian's chromium driving it. One worker, files one after another (each starts its own server;
 * the machine has two cores); no retries: a flaky test is a bug. A failing test keeps its trace
 * and a screenshot of every open page under test-results/failures/ (`npx playwright show-trace`).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.test.ts',
  outputDir: 'test-results/failures',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 120_000,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
