import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, VIEWPORTS, visible } from './support/browser.ts';
import { demoSeasonCrew, openFp2, openSuspensionForm, toast } from './support/crew.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Live crew: what one crew member saves shows on every teammate's open screen without a reload.
 * Sam (a mechanic) on a phone, Ana (the engineer) on a laptop, both of the demo season's team.
 */

const session = useBrowserSession('live-crew', { start: 'server', remotes: ['mfe-events'] });
let owner: BrowserContext;
let ana: Page;
let sam: Page;
let carId = 0;

/** The indicator of the live connection in the page's visible top bar or header. */
const liveIndicator = (page: Page) => page.getByRole('status', { name: /^Live updates:/ }).filter({ visible: true });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ owner, carId, ana, sam } = await demoSeasonCrew(session, { samOnTouchPhone: true }));
});

test.describe('live crew', () => {
  test("the mechanic's hot pressures saved on the phone show on the engineer's open run sheet without a reload", async () => {
    const engineer = await openFp2(ana, carId);
    const mechanic = await openFp2(sam, carId);
    await expect.poll(() => liveIndicator(ana).getAttribute('aria-label')).toBe('Live updates: Live');
    await expect.poll(() => liveIndicator(sam).getAttribute('aria-label')).toBe('Live updates: Live');
    // The indicator fits the phone's top bar: no sideways scrolling at 390 px.
    expect(await sam.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await sam.evaluate(() => window.scrollTo(0, 0));
    await sam.screenshot({ path: path.join(RESULTS_DIR, 'live-crew-top-bar-phone.png') });

    await mechanic.getByLabel('Hot Front Left', { exact: true }).fill('34.6');
    await mechanic.getByRole('button', { name: 'Save Tire Pressures' }).click();
    await toast(sam, 'Tire pressures saved');

    await expect.poll(() => engineer.getByLabel('Hot Front Left', { exact: true }).inputValue(), { timeout: 5000 }).toBe('34.6');
    await ana.screenshot({ path: path.join(RESULTS_DIR, 'live-crew-run-sheet-desktop.png') });
    await sam.screenshot({ path: path.join(RESULTS_DIR, 'live-crew-run-sheet-phone.png') });
  });

  test("the engineer's open suspension form keeps what she typed and shows the mechanic's change beside the field", async () => {
    const engineer = await openSuspensionForm(ana, carId);
    const mechanic = await openSuspensionForm(sam, carId);
    await engineer.getByLabel('Rear Toe', { exact: true }).fill('2.5mm (in)');

    await mechanic.getByLabel('Front Camber', { exact: true }).fill('-3.2°');
    await mechanic.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(sam, 'Suspension settings updated successfully');

    await visible(engineer.getByText(/^Sam\b.* set -3\.2° at \d{2}:\d{2}; was -?[\d.]+°$/), 5000);
    expect(await engineer.getByLabel('Rear Toe', { exact: true }).inputValue()).toBe('2.5mm (in)');
    await engineer.screenshot({ path: path.join(RESULTS_DIR, 'live-crew-suspension-form-desktop.png') });

    await engineer.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(ana, 'Suspension settings updated successfully');
    const saved = (await (await owner.request.get(`/api/cars/${carId}/suspension`)).json()) as Record<string, string | null>;
    expect(saved).toMatchObject({ frontCamber: '-3.2°', rearToe: '2.5mm (in)' });
  });

  test("after a reload with signal, the engineer's run sheet shows the hot pressures saved meanwhile, not the ones the device kept", async () => {
    await openFp2(ana, carId);
    // The open run sheet has a path of its own: reopening it shows the form at once, from what the device kept.
    const runSheet = ana.url();
    await ana.goto('about:blank');
    const mechanic = await openFp2(sam, carId);
    await mechanic.getByLabel('Hot Front Left', { exact: true }).fill('35.2');
    await mechanic.getByRole('button', { name: 'Save Tire Pressures' }).click();
    await toast(sam, 'Tire pressures saved');

    await ana.goto(runSheet);
    const hot = ana.getByRole('region', { name: 'Tire Pressures', exact: true }).getByLabel('Hot Front Left', { exact: true });
    await visible(hot);
    await expect.poll(() => hot.inputValue(), { timeout: 5000 }).toBe('35.2');
  });

  test("the mechanic typing on the phone's run sheet keeps his value and sees the engineer's hot pressure beside the field", async () => {
    const mechanic = await openFp2(sam, carId);
    const engineer = await openFp2(ana, carId);
    await expect.poll(() => liveIndicator(sam).getAttribute('aria-label')).toBe('Live updates: Live');
    await mechanic.getByLabel('Hot Rear Right', { exact: true }).fill('33.4');

    await engineer.getByLabel('Hot Front Left', { exact: true }).fill('35.8');
    await engineer.getByRole('button', { name: 'Save Tire Pressures' }).click();
    await toast(ana, 'Tire pressures saved');

    const note = mechanic.getByText(/^Ana\b.* set 35\.8 at \d{2}:\d{2}; was 35\.2$/);
    await visible(note, 5000);
    expect(await mechanic.getByLabel('Hot Rear Right', { exact: true }).inputValue()).toBe('33.4');
    expect(await sam.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await note.scrollIntoViewIfNeeded();
    await sam.screenshot({ path: path.join(RESULTS_DIR, 'live-crew-run-sheet-note-phone.png') });
    await ana.screenshot({ path: path.join(RESULTS_DIR, 'live-crew-run-sheet-saved-desktop.png') });
  });
});
