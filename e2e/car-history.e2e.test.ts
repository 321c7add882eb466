import { onTestFailed } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, recordPageErrors, RESULTS_DIR, screenshotAtViewports, VIEWPORTS } from './support/browser.ts';
import { assertWebBuilt, makeDataDir, removeDataDir, startPitwall, type PitwallProcess } from './support/server.ts';

/**
 * Issue 8 in a real browser: the owner edits a car's suspension twice through the UI, then opens
 * 'History of Suspension & Alignment' and finds both changes with the owner's name, newest first,
 * 'Front camber' with before → after. Server started the README's way (e2e/support).
 */

const OWNER = { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' };

let dataDir: string;
let server: PitwallProcess;
let browser: Browser;
let page: Page;
let pageErrors: string[] = [];

beforeAll(async () => {
  assertWebBuilt();
  dataDir = await makeDataDir();
  server = await startPitwall({ dataDir });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  page.setDefaultTimeout(15_000);
  pageErrors = recordPageErrors(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await removeDataDir(dataDir);
});

beforeEach(() => {
  onTestFailed(async () => {
    await page?.screenshot({ path: `${RESULTS_DIR}/car-history-failure-${Date.now()}.png`, fullPage: true }).catch(() => {});
    console.error(`Browser errors:\n${pageErrors.join('\n') || '(none)'}\n\nServer output:\n${server?.output() || '(none)'}`);
  });
});

const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });
const card = (name: string) => page.getByRole('region', { name, exact: true });
const toast = (text: string) => visible(page.getByRole('status').filter({ hasText: text }));

/** Opens the suspension form (empty state or Edit), sets the front camber (and ride height), saves. */
async function saveSuspension(frontCamber: string, firstTime: boolean) {
  const suspension = card('Suspension & Alignment');
  await suspension.getByRole('button', { name: firstTime ? 'Add Suspension Data' : 'Edit Suspension & Alignment' }).click();
  const form = page.getByRole('form', { name: 'Edit Suspension & Alignment' });
  const front = form.getByRole('group', { name: 'Front', exact: true });
  if (firstTime) await front.getByLabel('Ride Height', { exact: true }).fill('120mm');
  await front.getByLabel('Camber', { exact: true }).fill(frontCamber);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await toast('Suspension settings updated successfully');
  await visible(suspension.getByText(frontCamber, { exact: true }));
}

describe('car history: who changed the suspension, and what it was before', () => {
  it('sets up a team and adds a car', async () => {
    await page.goto(server.url);
    await page.getByRole('tab', { name: 'Setup Team' }).click();
    await page.getByLabel('Team Name').fill(OWNER.teamName);
    await page.getByLabel('Your Name').fill(OWNER.ownerName);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Username').fill(OWNER.username);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.locator('form button[type="submit"]').click();
    await visible(page.getByRole('heading', { name: 'Dashboard' }));

    await page.getByRole('button', { name: 'Add New Car', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Car' });
    await dialog.getByLabel('Car Name').fill('MX-5 #27');
    await dialog.getByLabel('Make & Model').fill('Mazda MX-5 (ND2)');
    await dialog.getByLabel('Year').fill('2022');
    await dialog.getByRole('button', { name: 'Add Car', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'MX-5 #27', exact: true }).click();
    await page.waitForURL(/\/car\/\d+$/);
  });

  it('shows no changes before the first save', async () => {
    await page.getByRole('button', { name: 'History of Suspension & Alignment' }).click();
    const history = page.getByRole('dialog', { name: 'History of Suspension & Alignment' });
    await visible(history.getByText('No changes recorded yet.', { exact: true }));
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'hidden' });
  });

  it("edits the suspension twice; the history shows both saves with the owner's name, newest first", async () => {
    await saveSuspension('-2.5°', true);
    await saveSuspension('-2.8°', false);

    await page.getByRole('button', { name: 'History of Suspension & Alignment' }).click();
    const history = page.getByRole('dialog', { name: 'History of Suspension & Alignment' });
    const entries = history.getByRole('listitem', { name: /^Change by/ });
    await visible(entries.nth(1));
    expect(await entries.count()).toBe(2);

    const latest = entries.nth(0);
    await visible(latest.getByText('Front camber: -2.5° → -2.8°', { exact: true }));
    await visible(latest.getByText(OWNER.ownerName, { exact: true }));
    await visible(latest.getByText('Owner', { exact: true }));
    await visible(latest.getByText('Baseline', { exact: true }));
    await visible(latest.getByText(/ago$/));

    const first = entries.nth(1);
    await visible(first.getByText('Front camber: set to -2.5°', { exact: true }));
    // The server's label casing of multi-word settings ('ride Height') is its own; match the words.
    await visible(first.getByText(/^Front ride height: set to 120mm$/i));
    await screenshotAtViewports(page, 'car-history-suspension');
  });
});
