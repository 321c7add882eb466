import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium; `npx playwright install` cannot download browsers on these machines. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that make Debian's chromium run headless in containers and CI without reaching the network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Features of the desktop browser's own window that headless Chromium (156) starts in a renderer
 * of their own with every new tab: the omnibox's WebUI popup loads its pages and scripts while the
 * page under test loads, on the same cores. A phone runs nothing like it. Puppeteer disables both
 * by default (puppeteer/puppeteer#15278); Playwright 1.65 does not.
 */
const DESKTOP_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The value of the `--disable-features` switch Playwright passes, read back from a browser it
 * launched (CDP Browser.getBrowserCommandLine, which answers only with --enable-automation).
 * @returns the feature names; none when Playwright passes no such switch.
 */
async function playwrightDisabledFeatures(): Promise<string[]> {
  const probe = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--enable-automation'] });
  try {
    const { arguments: argv } = await (await probe.newBrowserCDPSession()).send('Browser.getBrowserCommandLine');
    const value = argv.find((arg) => arg.startsWith('--disable-features='))?.slice('--disable-features='.length);
    return value ? value.split(',') : [];
  } finally {
    await probe.close();
  }
}

/**
 * Launches headless Chromium for measuring pages: CHROMIUM_ARGS, and DESKTOP_UI_FEATURES disabled
 * on top of the features Playwright disables. Chromium keeps only the last `--disable-features`,
 * so the one passed here holds Playwright's list too (read back at each launch: it changes with
 * Playwright's version).
 */
export async function launchChromium(): Promise<Browser> {
  const disabled = [...new Set([...(await playwrightDisabledFeatures()), ...DESKTOP_UI_FEATURES])];
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--disable-features=${disabled.join(',')}`] });
}
