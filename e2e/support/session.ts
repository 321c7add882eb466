import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { cspViolations, recordPageErrors, VIEWPORTS } from './browser.ts';
import { assertWebBuilt, makeDataDir, removeDataDir, REPO_ROOT, startPitwall, type PitwallProcess } from './server.ts';

export { expect, test };

/** What a test file's set-up starts before its first test. */
export interface BrowserSessionOptions {
  /**
   * 'page' (default): a Pitwall on a fresh data dir and one desktop page.
   * 'server': the Pitwall only; the test opens its pages with `openPage`.
   * 'browser': nothing; the test starts its Pitwalls with `startServer`.
   */
  start?: 'page' | 'server' | 'browser';
  /** Remotes whose build the file needs besides mfe-cars (checked for dist/mf-manifest.json), e.g. ['mfe-events']. */
  remotes?: string[];
}

/** The running Pitwall(s), browser and page of one e2e test file; read them inside tests and hooks. */
export interface BrowserSession {
  /** The worker's chromium (playwright.config.ts launches it). */
  readonly browser: Browser;
  /** The Pitwall started last. */
  readonly server: PitwallProcess;
  /** The page opened last without a label. */
  readonly page: Page;
  /** What `page` reported as errors so far (uncaught exceptions, console.error, failed requests). */
  readonly pageErrors: string[];
  /** A Pitwall on a fresh data dir (stopped and removed after the file); it becomes `server`. */
  startServer(env?: NodeJS.ProcessEnv): Promise<PitwallProcess>;
  /** Stops `server` and starts it again on the same data dir and port; answers the old process's exit code. */
  restartServer(): Promise<number | null>;
  /**
   * A new page (15 s default timeout) in `context` (default: a new desktop context). Unlabelled, it
   * becomes `page` and its browser errors are reported when a test fails.
   */
  openPage(context?: BrowserContext, options?: { label?: string }): Promise<Page>;
}

/**
 * Registers the set-up every browser test file shares (Playwright hooks of the file): beforeAll
 * checks the web is built, starts Pitwall the README's way on a fresh data dir and opens a desktop
 * page (see `start`); the file's tests run in order and stop at the first failure (serial mode); afterAll closes every context the file opened, stops every Pitwall and
 * removes its data dir. A test after which the page reported a Content-Security-Policy violation
 * fails; a failing test gets the browser errors and the server output attached to its report
 * (its trace and screenshots come from playwright.config.ts).
 */
export function useBrowserSession(name: string, options: BrowserSessionOptions = {}): BrowserSession {
  // The file's tests share its server and pages and often build on each other: after a failure the rest are skipped, not run on a fresh worker.
  test.describe.configure({ mode: 'serial' });
  const start = options.start ?? 'page';
  let browser: Browser | undefined;
  const servers: PitwallProcess[] = [];
  const dataDirs: string[] = [];
  let page: Page | undefined;
  let pageErrors: string[] = [];

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${name}: no ${what} yet (useBrowserSession start: '${start}')`);
    return value;
  };

  const session: BrowserSession = {
    get browser() {
      return need(browser, 'browser');
    },
    get server() {
      return need(servers.at(-1), 'server');
    },
    get page() {
      return need(page, 'page');
    },
    get pageErrors() {
      return pageErrors;
    },
    async startServer(env) {
      const dataDir = await makeDataDir();
      dataDirs.push(dataDir);
      const server = await startPitwall({ dataDir, env });
      servers.push(server);
      return server;
    },
    async restartServer() {
      const old = session.server;
      const exitCode = await old.stop();
      servers.push(await startPitwall({ dataDir: old.dataDir, port: old.port }));
      return exitCode;
    },
    async openPage(context, { label } = {}) {
      const opened = await (context ?? (await session.browser.newContext({ viewport: VIEWPORTS.desktop }))).newPage();
      opened.setDefaultTimeout(15_000);
      if (!label) {
        page = opened;
        pageErrors = recordPageErrors(opened);
      }
      return opened;
    },
  };

  test.beforeAll(async ({ browser: workerBrowser }) => {
    test.setTimeout(180_000);
    assertWebBuilt();
    for (const remote of options.remotes ?? []) {
      if (!existsSync(path.join(REPO_ROOT, remote, 'dist/mf-manifest.json'))) {
        throw new Error(`${remote} is not built (missing ${remote}/dist/mf-manifest.json). Run \`npm run build\` first; \`npm test\` does.`);
      }
    }
    browser = workerBrowser;
    if (start !== 'browser') await session.startServer();
    if (start === 'page') await session.openPage();
  });

  test.afterAll(async () => {
    // The worker's browser outlives the file: close what this file opened in it.
    for (const context of browser?.contexts() ?? []) await context.close();
    for (const server of servers) await server.stop();
    for (const dir of dataDirs) await removeDataDir(dir);
  });

  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status !== testInfo.expectedStatus) {
      const browserErrors = pageErrors.join('\n') || '(none)';
      const serverOutput = servers.map((s) => s.output()).join('\n---\n') || '(none)';
      await testInfo.attach('browser errors', { body: browserErrors, contentType: 'text/plain' });
      await testInfo.attach('server output', { body: serverOutput, contentType: 'text/plain' });
      console.error(`Browser errors:\n${browserErrors}\n\nServer output:\n${serverOutput}`);
      return;
    }
    // The app must work within its Content-Security-Policy: any violation the page reported fails the test.
    expect(cspViolations(pageErrors), 'Content-Security-Policy violations').toEqual([]);
  });

  return session;
}

/** An owner as the 'Setup Team' form asks for them. */
export interface TeamOwner {
  teamName: string;
  ownerName: string;
  email: string;
  username: string;
  password: string;
}

/**
 * Opens `url` (the signed-out login screen), fills the 'Setup Team' tab with `owner` and submits;
 * resolves when the Dashboard heading shows (signed in as the owner).
 */
export async function setupTeamThroughUi(page: Page, url: string, owner: TeamOwner): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'Setup Team' }).click();
  await page.getByLabel('Team Name').fill(owner.teamName);
  await page.getByLabel('Your Name').fill(owner.ownerName);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Username').fill(owner.username);
  await page.getByLabel('Password').fill(owner.password);
  await page.locator('form button[type="submit"]').click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ state: 'visible' });
}
