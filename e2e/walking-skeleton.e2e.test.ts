import type { Locator } from '@playwright/test';
import { screenshotAtViewports, visible } from './support/browser.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * The first journey's six user steps in headless chromium, against a Pitwall started the README's way (its
 * own process, embedded default, a fresh DATA_DIR), then stopped and started again on the same
 * data. Texts are the spec's (shared/spec/race-team-app.md); where the spec names no text (the
 * login and setup submit buttons, field labels) the UI's own is used, matched loosely.
 */

const OWNER = { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' };
const CAR = { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: '2022', carClass: 'GT4' };
const EDITED_POWER = '181 hp';
const TUNING_URL = 'https://drive.example.com/mx5-27/tuning';
const THIS_YEAR = new Date().getFullYear();

const session = useBrowserSession('walking-skeleton');
let carUrl = '';

const tab = (name: string) => session.page.getByRole('tab', { name, exact: true });
const button = (name: string | RegExp) => session.page.getByRole('button', { name, exact: typeof name === 'string' ? true : undefined });
/** The first visible element with exactly this text (hidden copies, e.g. a closed phone menu, are skipped). */
const text = (value: string) => session.page.getByText(value, { exact: true }).filter({ visible: true }).first();
const countVisible = (value: string) => session.page.getByText(value, { exact: true }).filter({ visible: true }).count();

/** True when one of the element's colours (text, background, border) is clearly red. */
async function looksRed(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.color, s.backgroundColor, s.borderTopColor, s.borderLeftColor].some((c) => {
      const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(c);
      if (!m) return false;
      const [r, g, b] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return r > 120 && r > g + 40 && r > b + 40;
    });
  });
}

/** Signs in through the Admin Login tab as the owner. */
async function adminLogin() {
  await tab('Admin Login').click();
  await session.page.getByLabel(/^username/i).fill(OWNER.username);
  await session.page.getByLabel(/^password/i).fill(OWNER.password);
  await button(/^sign in$|^log ?in$/i).click();
  await visible(button('Sign Out'));
}

test.describe('walking skeleton: a new team in a real browser', () => {
  test('1. shows the login screen with three tabs, the validation messages and the red alert', async () => {
    await session.page.goto(session.server.url);
    await visible(session.page.getByRole('tablist'));
    const tabs = await session.page.getByRole('tab').allTextContents();
    expect(tabs.map((t) => t.trim())).toEqual(['Setup Team', 'Admin Login', 'Team Member']);

    await tab('Admin Login').click();
    await button(/^sign in$|^log ?in$/i).click();
    await visible(text('Username is required'));
    await visible(text('Password is required'));

    await tab('Team Member').click();
    await button(/^sign in$|^log ?in$/i).click();
    await visible(text('Username is required'));
    await visible(text('Password is required'));

    await tab('Admin Login').click();
    await session.page.getByLabel(/^username/i).fill(OWNER.username);
    await session.page.getByLabel(/^password/i).fill('wrong-password');
    await button(/^sign in$|^log ?in$/i).click();
    const alert = session.page.getByRole('alert').filter({ hasText: 'Invalid credentials' });
    await visible(alert);
    expect(await looksRed(alert)).toBe(true);
    const [alertBox, tabsBox] = [await alert.boundingBox(), await session.page.getByRole('tablist').boundingBox()];
    expect(alertBox!.y).toBeLessThan(tabsBox!.y);
  });

  test('2. sets up a team and lands on the Dashboard signed in as the owner', async () => {
    await tab('Setup Team').click();
    const create = button(/create team|set ?up team|get started/i);
    await create.click();
    for (const message of ['Team name is required', 'Your name is required', 'Valid email is required']) await visible(text(message));

    await session.page.getByLabel(/^team name/i).fill(OWNER.teamName);
    await session.page.getByLabel(/^your name/i).fill(OWNER.ownerName);
    await session.page.getByLabel(/^email/i).fill(OWNER.email);
    await session.page.getByLabel(/^username/i).fill(OWNER.username);
    await session.page.getByLabel(/^password/i).fill(OWNER.password);
    await create.click();

    await visible(session.page.getByRole('heading', { name: 'Dashboard' }));
    await visible(button('Sign Out'));
    const me = await session.page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).json());
    expect(me).toMatchObject({ username: OWNER.username, role: 'owner' });
  });

  test('3. shows the side navigation, the empty state, and the 404 session.page for unknown paths', async () => {
    for (const name of ['Dashboard', 'Teams', 'Settings']) await visible(session.page.getByRole('link', { name, exact: true }));
    await visible(text('Team Manager'));
    // Branding defaults: the new team's own name until it chooses a name on this device (never
    // another team's), subtitle MOTORSPORT, the bundled logo.
    await visible(text(OWNER.teamName));
    await expect(session.page.getByText('ONETHIRTY')).toHaveCount(0);
    await visible(text('MOTORSPORT'));
    const logoLoaded = await session.page.locator('img:visible').first().evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);
    expect(logoLoaded).toBe(true);

    await visible(text('No Cars Added Yet'));
    await visible(button('Add Your First Car'));

    await session.page.goto(`${session.server.url}/no-such-page`);
    await visible(text('404 Page Not Found'));
    await session.page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await visible(text('No Cars Added Yet'));
  });

  test("4. adds a car through 'Add New Car' with the spec's rules and defaults, and sees it in 'My Cars'", async () => {
    await button('Add New Car').click();
    const dialog = session.page.getByRole('dialog', { name: 'Add New Car' });
    await visible(dialog);
    const year = dialog.getByLabel(/^year/i);
    expect(await year.inputValue()).toBe(String(THIS_YEAR));
    expect((await dialog.getByLabel('Color', { exact: true }).inputValue()).toUpperCase()).toBe('#0F4C81');
    const classOptions = await dialog.getByLabel(/^class/i).locator('option').allTextContents();
    expect(classOptions.map((o) => o.trim()).filter(Boolean)).toEqual(['GT3', 'GT4', 'Rally', 'Drift', 'Other']);

    await year.fill('1949');
    await dialog.getByRole('button', { name: 'Add Car', exact: true }).click();
    await visible(dialog.getByText('Car name must be at least 2 characters', { exact: true }));
    await visible(dialog.getByText('Make & model must be at least 2 characters', { exact: true }));
    await visible(dialog.getByText('Year must be at least 1950', { exact: true }));
    await year.fill(String(THIS_YEAR + 2));
    await dialog.getByRole('button', { name: 'Add Car', exact: true }).click();
    await visible(dialog.getByText('Year cannot be in the future', { exact: true }));

    await dialog.getByLabel(/^(car )?name/i).fill(CAR.name);
    await dialog.getByLabel(/^make/i).fill(CAR.makeModel);
    await year.fill(CAR.year);
    await dialog.getByLabel(/^class/i).selectOption(CAR.carClass);
    await dialog.getByRole('button', { name: 'Add Car', exact: true }).click();

    await visible(text('Car added successfully'));
    await dialog.waitFor({ state: 'hidden' });
    await visible(text('My Cars'));
    await visible(session.page.getByRole('link', { name: CAR.name, exact: true }));
    await visible(session.page.getByText(new RegExp(`${CAR.makeModel.replace(/[()]/g, '\\$&')}.*${CAR.year}`)));
    await visible(text(CAR.carClass));
    expect(await countVisible('No Cars Added Yet')).toBe(0);
  });

  test('5. opens the car: header tabs, Basic Information, Edit → Save Changes, the tuning link; Car not found', async () => {
    await session.page.getByRole('link', { name: CAR.name, exact: true }).click();
    await session.page.waitForURL(/\/car\/\d+$/);
    carUrl = session.page.url();
    for (const name of ['Car Details', 'Events', 'Issues & Tools', 'Gallery']) await visible(session.page.getByRole('link', { name, exact: true }));

    await visible(text('Basic Information'));
    await visible(text('Make & Model'));
    await visible(text(CAR.makeModel));
    expect(await countVisible('Not specified')).toBeGreaterThanOrEqual(4); // engine, transmission, weight, power are blank

    await button('Edit').click();
    await visible(text('Edit Basic Information'));
    await session.page.getByLabel(/^power/i).fill(EDITED_POWER);
    await button('Save Changes').click();
    await visible(text('Car updated successfully'));
    await visible(text('Basic Information'));
    await visible(text(EDITED_POWER));

    // Cancel clears the typed URL and closes the dialog.
    await button('Add Tuning Link').click();
    let dialog = session.page.getByRole('dialog', { name: 'Tuning Software Link' });
    await visible(dialog.getByText('Enter the URL where your tuning software files are stored.', { exact: true }));
    await dialog.getByRole('textbox').fill(TUNING_URL);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await countVisible('Tuning Files')).toBe(0);

    await button('Add Tuning Link').click();
    dialog = session.page.getByRole('dialog', { name: 'Tuning Software Link' });
    await visible(dialog);
    expect(await dialog.getByRole('textbox').inputValue()).toBe('');
    await dialog.getByRole('textbox').fill(TUNING_URL);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const toast = text('Tuning file link updated successfully');
    await visible(toast);
    const tuningFiles = session.page.getByRole('link', { name: 'Tuning Files', exact: true }).or(button('Tuning Files'));
    await visible(tuningFiles);
    await visible(button('Change Tuning Link'));
    if ((await tuningFiles.evaluate((el) => el.tagName)) === 'A') {
      expect(await tuningFiles.getAttribute('href')).toBe(TUNING_URL);
      expect(await tuningFiles.getAttribute('target')).toBe('_blank');
    }

    // Toasts last 5000 ms (docs/product.md, 'Constants and limits'); screenshots are taken once it has gone.
    await toast.waitFor({ state: 'hidden' });
    await screenshotAtViewports(session.page, 'car-detail');
    await session.page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await visible(session.page.getByRole('link', { name: CAR.name, exact: true }));
    await screenshotAtViewports(session.page, 'dashboard');

    await session.page.goto(`${session.server.url}/car/999`);
    await visible(text('Car not found'));
  });

  test('6. signs out, signs back in through Admin Login, and finds everything after a session.server restart', async () => {
    await session.page.goto(session.server.url);
    await button('Sign Out').click();
    await visible(tab('Admin Login'));
    await adminLogin();
    await visible(session.page.getByRole('link', { name: CAR.name, exact: true }));

    expect(await session.restartServer()).toBe(0);

    await session.page.goto(session.server.url);
    const signedOut = tab('Admin Login');
    await visible(signedOut.or(button('Sign Out')).first());
    if (await signedOut.isVisible()) await adminLogin();
    await session.page.getByRole('link', { name: CAR.name, exact: true }).click();
    await session.page.waitForURL(carUrl);
    await visible(text(EDITED_POWER));
    await visible(session.page.getByRole('link', { name: 'Tuning Files', exact: true }).or(button('Tuning Files')));
  });
});
