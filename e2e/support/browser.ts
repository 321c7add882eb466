import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { REPO_ROOT } from './server.ts';

/** Waits until the locator's element is visible: within Playwright's default timeout, or `timeout` ms when given. */
export const visible = (locator: Locator, timeout?: number): Promise<void> => locator.waitFor({ state: 'visible', ...(timeout ? { timeout } : {}) });

/** The viewports screenshots are taken at. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Where screenshots go (gitignored). */
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');

/**
 * Collects what the page reports as errors (uncaught exceptions, console.error, failed requests),
 * so a failing step can say what the browser saw.
 */
export function recordPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    // A fetch cancelled by a navigation or by the query cache (net::ERR_ABORTED) is not a failure.
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') errors.push(`requestfailed: ${request.method()} ${request.url()} ${reason}`);
  });
  return errors;
}

/**
 * The Content-Security-Policy violations among recorded page errors (chromium reports each as a
 * console error: "Refused to load … because it violates the following Content Security Policy directive …").
 */
export function cspViolations(errors: readonly string[]): string[] {
  return errors.filter((e) => /Content Security Policy/i.test(e));
}

/**
 * Full-page screenshots of the current page at each viewport, saved as
 * test-results/{name}-{viewport}.png; restores the desktop viewport. Answers the file paths.
 */
export async function screenshotAtViewports(page: Page, name: string): Promise<string[]> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const files: string[] = [];
  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    // Let layout settle after the resize (media queries, the side navigation collapsing).
    await page.waitForTimeout(300);
    const file = path.join(RESULTS_DIR, `${name}-${viewport}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  return files;
}

/**
 * The serious and critical axe-core violations of the page as it is, one line each (rule: elements).
 * `extraRules` turns on rules axe leaves off by default (its experimental ones, e.g.
 * 'label-content-name-mismatch': an accessible name that does not contain the visible text).
 */
export async function seriousViolations(page: Page, extraRules: readonly string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (extraRules.length > 0) builder.options({ rules: Object.fromEntries(extraRules.map((rule) => [rule, { enabled: true }])) });
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`).join(' | ')}`);
}
