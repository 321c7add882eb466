import { screenshotAtViewports, visible } from './support/browser.ts';
import { expect, setupTeamThroughUi, test, useBrowserSession } from './support/session.ts';

/**
 * The car's history in a real browser: the owner edits a car's suspension twice through the UI, then opens
 * 'History of Suspension & Alignment' and finds both changes with the owner's name, newest first,
 * 'Front camber' with before → after. Server started the README's way (e2e/support).
 */

const OWNER = { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' };

const session = useBrowserSession('car-history');

const card = (name: string) => session.page.getByRole('region', { name, exact: true });
const toast = (text: string) => visible(session.page.getByRole('status').filter({ hasText: text }));

/** Opens the suspension form (empty state or Edit), sets the front camber (and ride height), saves. */
async function saveSuspension(frontCamber: string, firstTime: boolean) {
  const suspension = card('Suspension & Alignment');
  await suspension.getByRole('button', { name: firstTime ? 'Add Suspension Data' : 'Edit Suspension & Alignment' }).click();
  const form = session.page.getByRole('form', { name: 'Edit Suspension & Alignment' });
  const front = form.getByRole('group', { name: 'Front', exact: true });
  if (firstTime) await front.getByLabel('Front Ride Height', { exact: true }).fill('120');
  await front.getByLabel('Front Camber', { exact: true }).fill(frontCamber);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await toast('Suspension settings updated successfully');
  await visible(suspension.getByText(frontCamber, { exact: true }));
}

test.describe('car history: who changed the suspension, and what it was before', () => {
  test('sets up a team and adds a car', async () => {
    await setupTeamThroughUi(session.page, session.server.url, OWNER);

    await session.page.getByRole('button', { name: 'Add New Car', exact: true }).click();
    const dialog = session.page.getByRole('dialog', { name: 'Add New Car' });
    await dialog.getByLabel('Car Name').fill('MX-5 #27');
    await dialog.getByLabel('Make & Model').fill('Mazda MX-5 (ND2)');
    await dialog.getByLabel('Year').fill('2022');
    await dialog.getByRole('button', { name: 'Add Car', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await session.page.getByRole('link', { name: 'MX-5 #27', exact: true }).click();
    await session.page.waitForURL(/\/car\/\d+$/);
  });

  test('shows no changes before the first save', async () => {
    await session.page.getByRole('button', { name: 'History of Suspension & Alignment' }).click();
    const history = session.page.getByRole('dialog', { name: 'History of Suspension & Alignment' });
    await visible(history.getByText('No changes recorded yet.', { exact: true }));
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'hidden' });
  });

  test("edits the suspension twice; the history shows both saves with the owner's name, newest first", async () => {
    await saveSuspension('-2.5°', true);
    await saveSuspension('-2.8°', false);

    await session.page.getByRole('button', { name: 'History of Suspension & Alignment' }).click();
    const history = session.page.getByRole('dialog', { name: 'History of Suspension & Alignment' });
    const entries = history.getByRole('listitem', { name: /^Change by/ });
    await visible(entries.nth(1));
    await expect(entries).toHaveCount(2);

    const latest = entries.nth(0);
    await visible(latest.getByText('Front camber: -2.5° → -2.8°', { exact: true }));
    await visible(latest.getByText(OWNER.ownerName, { exact: true }));
    await visible(latest.getByText('Owner', { exact: true }));
    await visible(latest.getByText('Baseline', { exact: true }));
    await visible(latest.getByText(/ago$/));

    const first = entries.nth(1);
    await visible(first.getByText('Front camber: set to -2.5°', { exact: true }));
    // The server's label casing of multi-word settings ('ride Height') is its own; match the words.
    await visible(first.getByText(/^Front ride height: set to 120 mm$/i));
    await screenshotAtViewports(session.page, 'car-history-suspension');
  });
});
