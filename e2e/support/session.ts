import { existsSync } from 'node:fs';
import path from 'node:path';
import { onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations, launchBrowser, recordPageErrors, RESULTS_DIR, VIEWPORTS } from './browser.ts';
import { assertWebBuilt, makeDataDir, removeDataDir, REPO_ROOT, startPitwall, type PitwallProcess } from './server.ts';

/** What a test file's set-up starts before its first test. */
export interface BrowserSessionOptions {
  /**
   * 'page' (default): a Pitwall on a fresh data dir, chromium, and one desktop page.
   * 'server': the Pitwall and chromium; the test opens its pages with `openPage`.
   * 'browser': chromium only; the test starts its Pitwalls with `startServer`.
   */
  start?: 'page' | 'server' | 'browser';
  /** Remotes whose build the file needs besides mfe-cars (checked for dist/mf-manifest.json), e.g. ['mfe-events']. */
  remotes?: string[];
}

/** The running Pitwall(s), browser and page of one e2e test file; read them inside tests and hooks. */
export interface BrowserSession {
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
   * becomes `page` and its browser errors are reported when a test fails; a labelled page is only
   * screenshotted on failure, as {name}-failure-{label}-{time}.png.
   */
  openPage(context?: BrowserContext, options?: { label?: string }): Promise<Page>;
}

/**
 * Registers the e2e set-up every browser test file shares (vitest globals): beforeAll checks the
 * web is built, starts Pitwall the README's way on a fresh data dir, launches chromium and opens a
 * desktop page (see `start`); afterAll closes the browser, stops every Pitwall and removes its
 * data dir; a test after which the page reported a Content-Security-Policy violation fails; a failing test saves a full-page screenshot as test-results/{name}-failure-{time}.png
 * and prints the browser errors and the server output.
 */
export function useBrowserSession(name: string, options: BrowserSessionOptions = {}): BrowserSession {
  const start = options.start ?? 'page';
  let browser: Browser | undefined;
  const servers: PitwallProcess[] = [];
  const dataDirs: string[] = [];
  let page: Page | undefined;
  let pageErrors: string[] = [];
  const labelled = new Map<string, Page>();

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
      if (label) {
        labelled.set(label, opened);
      } else {
        page = opened;
        pageErrors = recordPageErrors(opened);
      }
      return opened;
    },
  };

  beforeAll(async () => {
    assertWebBuilt();
    for (const remote of options.remotes ?? []) {
      if (!existsSync(path.join(REPO_ROOT, remote, 'dist/mf-manifest.json'))) {
        throw new Error(`${remote} is not built (missing ${remote}/dist/mf-manifest.json). Run \`npm run build\` first; \`npm test\` does.`);
      }
    }
    if (start !== 'browser') await session.startServer();
    browser = await launchBrowser();
    if (start === 'page') await session.openPage();
  });

  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await server.stop();
    for (const dir of dataDirs) await removeDataDir(dir);
  });

  // The app must work within its Content-Security-Policy: any violation the page reported fails the test.
  afterEach(() => {
    expect(cspViolations(pageErrors), 'Content-Security-Policy violations').toEqual([]);
  });

  beforeEach(() => {
    onTestFailed(async () => {
      const time = Date.now();
      await page?.screenshot({ path: `${RESULTS_DIR}/${name}-failure-${time}.png`, fullPage: true }).catch(() => {});
      for (const [label, other] of labelled) {
        await other.screenshot({ path: `${RESULTS_DIR}/${name}-failure-${label}-${time}.png`, fullPage: true }).catch(() => {});
      }
      const output = servers.map((s) => s.output()).join('\n---\n');
      console.error(`Browser errors:\n${pageErrors.join('\n') || '(none)'}\n\nServer output:\n${output || '(none)'}`);
    });
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
