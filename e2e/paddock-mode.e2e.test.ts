import sharp from 'sharp';
import { request, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { RESULTS_DIR, visible } from './support/browser.ts';
import { demoSeasonOnPhone } from './support/demo-season.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Paddock mode in chromium on a phone against the production build (the service worker
 * exists only there): installable (manifest, icons), a service worker controls the page, a car seen
 * before renders after an offline reload, changes made offline wait in the write queue (also across a
 * closed page) and are saved once each when the signal returns; a change someone else made
 * meanwhile to the same field asks the user, to another field merges by itself; an image seen
 * before shows offline.
 */

const PHONE = { width: 390, height: 844 };
const MARCO = { username: 'marco', password: 'torque-108nm', loginType: 'member' };
const session = useBrowserSession('paddock-mode', { start: 'server', remotes: ['mfe-events', 'mfe-teams'] });
let context: BrowserContext;
let page: Page;
let carId = 0;
let marco: APIRequestContext;
/** When the season was imported: the history entries after it are the test's. */
let startedAt = '';

/** The tire pressure row ('Condition N' group) of `form` whose Condition field holds `condition`. */
async function tireRow(form: Locator, condition: string): Promise<Locator> {
  await visible(form.getByLabel('Condition', { exact: true }).first());
  const conditions = await form.getByLabel('Condition', { exact: true }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  return form.getByRole('group', { name: `Condition ${conditions.indexOf(condition) + 1}`, exact: true });
}

/** Edits one corner of the 'Dry (Cold)' tire pressures through the form, with no signal. */
async function editColdPressure(corner: string, value: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit Tire Pressures' }).click();
  const form = page.getByRole('form', { name: 'Edit Tire Pressures' });
  const field = (await tireRow(form, 'Dry (Cold)')).getByLabel(corner, { exact: true });
  await field.fill(value);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  // With no signal the toast says where the change is: on this device, waiting for signal.
  await visible(page.getByRole('status').filter({ hasText: /Saved on this device.*Tire pressures updated successfully — it is sent when the signal returns/ }).first());
}

/** The car's history entries of `section` made since the test started. */
async function historySince(section: string): Promise<{ actor: { displayName: string | null }; changes: { field: string; after: string | null }[] }[]> {
  const entries = (await (await context.request.get(`/api/cars/${carId}/history?section=${section}&limit=100`)).json()) as { at: string; actor: { displayName: string | null }; changes: { field: string; after: string | null }[] }[];
  return entries.filter((e) => e.at >= startedAt);
}

/** The queries in the persisted query cache (IndexedDB) of the page: key and data. */
function persistedQueries(): Promise<{ queryKey: unknown; data: unknown }[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => Object.assign(indexedDB.open('pitwall-query-cache'), { onsuccess(this: IDBOpenDBRequest) { resolve(this.result); }, onerror: reject }));
    const value = await new Promise<unknown>((resolve) => Object.assign(db.transaction('entries').objectStore('entries').get('pitwall-query-cache'), { onsuccess(this: IDBRequest) { resolve(this.result); } }));
    db.close();
    type Persisted = { clientState: { queries: { queryKey: unknown; state: { data: unknown } }[] } };
    return typeof value === 'string' ? (JSON.parse(value) as Persisted).clientState.queries.map((q) => ({ queryKey: q.queryKey, data: q.state.data })) : [];
  });
}

/** Marco (another member) changes the baseline 'Dry (Cold)' row's `corner` to `value`, online, meanwhile. */
async function marcoSetsColdPressure(corner: 'frontLeft' | 'frontRight' | 'rearLeft' | 'rearRight', value: string): Promise<void> {
  const current = (await (await marco.get(`/api/cars/${carId}/tire-pressures`)).json()) as { items: Record<string, unknown>[]; notes: string | null };
  const items = current.items.map(({ condition, frontLeft, frontRight, rearLeft, rearRight }) => ({ condition, frontLeft, frontRight, rearLeft, rearRight, ...(condition === 'Dry (Cold)' ? { [corner]: value } : {}) }));
  const answer = await marco.put(`/api/cars/${carId}/tire-pressures`, { data: { items, notes: current.notes ?? '' } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Reads one baseline 'Dry (Cold)' corner as the server has it. */
async function serverColdPressure(corner: string): Promise<unknown> {
  const current = (await (await context.request.get(`/api/cars/${carId}/tire-pressures`)).json()) as { items: Record<string, unknown>[] };
  return current.items.find((row) => row.condition === 'Dry (Cold)')?.[corner];
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ context, carId } = await demoSeasonOnPhone(session, PHONE));
  startedAt = new Date().toISOString();
  page = await session.openPage(context);
  marco = await request.newContext({ baseURL: session.server.url, extraHTTPHeaders: { Origin: session.server.url } });
  const login = await marco.post('/api/auth/login', { data: MARCO });
  expect(login.status(), await login.text()).toBe(200);
});

test.afterAll(async () => {
  await marco?.dispose();
});

test.describe('paddock mode', () => {
  test('is installable: a valid web app manifest whose icons load', async () => {
    const html = await (await context.request.get('/')).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const manifest = (await (await context.request.get('/manifest.webmanifest')).json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name: 'Pitwall', short_name: 'Pitwall', start_url: '/', scope: '/', display: 'standalone', theme_color: '#0f172a' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const answer = await context.request.get(icon.src);
      expect(answer.status(), icon.src).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/png');
    }
    const worker = await context.request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  test('a car seen before renders after an offline reload, under a service worker, with the offline banner', async () => {
    // One load with signal, no reload before the signal goes: the installed worker alone must carry the reload.
    await page.goto(`/car/${carId}`);
    await visible(page.getByRole('region', { name: 'Car Checklist', exact: true }));
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await visible(page.getByRole('region', { name: 'Car Checklist', exact: true }).getByRole('checkbox', { name: 'Torque wheel nuts' }));
    await visible(page.getByRole('region', { name: 'Tire Pressures', exact: true }).getByRole('row', { name: /^Dry \(Cold\)/ }));
    // The persisted query cache is written at most once a second: wait until it holds the car's checklist and tire pressures.
    await expect
      .poll(async () => (await persistedQueries()).map((q) => q.queryKey), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([['cars', carId, 'checklist'], ['cars', carId, 'tire-pressures', 'baseline']]));

    await context.setOffline(true);
    await page.reload();
    await visible(page.getByRole('region', { name: 'Car Checklist', exact: true }));
    await visible(page.getByRole('region', { name: 'Tire Pressures', exact: true }));
    await visible(page.getByRole('status').filter({ hasText: /^Offline — showing what was saved at \d\d:\d\d$/ }));
    await page.screenshot({ path: `${RESULTS_DIR}/paddock-mode-offline-car-phone.png`, fullPage: true });
  });

  test('changes made offline wait in the write queue, also across a closed page, and are saved once each when the signal returns', async () => {
    await editColdPressure('Front Left', '29');
    await page.getByRole('region', { name: 'Car Checklist', exact: true }).getByRole('checkbox', { name: 'Torque wheel nuts' }).check();
    await visible(page.getByRole('button', { name: '2 changes waiting for signal' }));
    await page.getByRole('button', { name: '2 changes waiting for signal' }).click();
    await visible(page.getByText(/^Tire pressures — MX-5 #27$/));
    await visible(page.getByText(/^Checklist: tick 'Torque wheel nuts' — MX-5 #27$/));
    await page.screenshot({ path: `${RESULTS_DIR}/paddock-mode-write-queue-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${RESULTS_DIR}/paddock-mode-write-queue-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);

    // The query cache is written at most once a second (the write queue at once): wait for the tick in it before closing the page.
    const persistedChecklist = async () => (await persistedQueries()).find((q) => JSON.stringify(q.queryKey) === JSON.stringify(['cars', carId, 'checklist']))?.data;
    await expect.poll(persistedChecklist, { timeout: 10_000 }).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Torque wheel nuts', isCompleted: true })]));
    await page.close();
    page = await session.openPage(context);
    await page.goto(`/car/${carId}`);
    await visible(page.getByRole('button', { name: '2 changes waiting for signal' }));
    expect(await page.getByRole('region', { name: 'Car Checklist', exact: true }).getByRole('checkbox', { name: 'Torque wheel nuts' }).isChecked()).toBe(true);

    await context.setOffline(false);
    await page.getByRole('region', { name: 'Unsent changes' }).waitFor({ state: 'detached' });
    expect(await serverColdPressure('frontLeft')).toBe('29 psi');
    const tireEntries = await historySince('tire-pressures');
    expect(tireEntries).toHaveLength(1);
    expect((await historySince('checklist')).filter((e) => e.changes.some((c) => c.after !== null))).toHaveLength(1);
    // The tick, saved once the signal returned, names on the item who ticked it and when.
    const checklist = page.getByRole('region', { name: 'Car Checklist', exact: true });
    const ticked = checklist.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: 'Torque wheel nuts' }) });
    await visible(ticked.getByText(/^Ticked by \S.* at \d\d:\d\d$/));
    await checklist.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${RESULTS_DIR}/paddock-mode-ticked-phone.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await checklist.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${RESULTS_DIR}/paddock-mode-ticked-desktop.png` });
    await page.setViewportSize(PHONE);
  });

  test('a field someone else changed meanwhile asks which value to keep; the choice is saved as a change', async () => {
    await context.setOffline(true);
    await editColdPressure('Front Left', '30');
    await visible(page.getByRole('button', { name: '1 change waiting for signal' }));
    await marcoSetsColdPressure('frontLeft', '27 psi');
    await context.setOffline(false);
    await page.getByRole('button', { name: /1 change not saved · 1 needs your choice/ }).click();
    await page.getByRole('button', { name: 'Choose values: Tire pressures — MX-5 #27' }).click();
    const dialog = page.getByRole('dialog', { name: 'Both changed: Tire pressures — MX-5 #27' });
    await visible(dialog.getByText(/^Marco Rossi set Dry \(Cold\) front left to 27 psi at \d\d:\d\d; you set 30 psi\.$/));
    await page.screenshot({ path: `${RESULTS_DIR}/paddock-mode-conflict-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${RESULTS_DIR}/paddock-mode-conflict-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await dialog.getByRole('radio', { name: 'Keep mine: 30 psi' }).check();
    await dialog.getByRole('button', { name: 'Save choice' }).click();
    await page.getByRole('region', { name: 'Unsent changes' }).waitFor({ state: 'detached' });
    expect(await serverColdPressure('frontLeft')).toBe('30 psi');
    // The choice is logged as what it changed: Marco's 27 psi back to 30.
    const [choice] = await historySince('tire-pressures');
    expect(choice!.changes).toEqual([{ field: 'Dry (Cold) front left', before: '27 psi', after: '30 psi' }]);
  });

  test("keeping the teammate's value is logged as nothing: no history entry saying 'Saved with no values changed'", async () => {
    await context.setOffline(true);
    await editColdPressure('Front Left', '31');
    await visible(page.getByRole('button', { name: '1 change waiting for signal' }));
    await marcoSetsColdPressure('frontLeft', '29 psi');
    const entriesBefore = (await historySince('tire-pressures')).length;
    await context.setOffline(false);
    await page.getByRole('button', { name: /1 change not saved · 1 needs your choice/ }).click();
    await page.getByRole('button', { name: 'Choose values: Tire pressures — MX-5 #27' }).click();
    const dialog = page.getByRole('dialog', { name: 'Both changed: Tire pressures — MX-5 #27' });
    await dialog.getByRole('radio', { name: 'Keep Marco Rossi’s: 29 psi' }).check();
    await dialog.getByRole('button', { name: 'Save choice' }).click();
    await page.getByRole('region', { name: 'Unsent changes' }).waitFor({ state: 'detached' });
    expect(await serverColdPressure('frontLeft')).toBe('29 psi');
    const entries = await historySince('tire-pressures');
    expect(entries).toHaveLength(entriesBefore);
    expect(entries.filter((e) => e.changes.length === 0)).toEqual([]);
  });

  test('a different field someone else changed meanwhile merges without asking', async () => {
    await context.setOffline(true);
    await editColdPressure('Front Right', '31');
    await marcoSetsColdPressure('rearLeft', '26 psi');
    await context.setOffline(false);
    await page.getByRole('region', { name: 'Unsent changes' }).waitFor({ state: 'detached' });
    expect(await serverColdPressure('frontRight')).toBe('31 psi');
    expect(await serverColdPressure('rearLeft')).toBe('26 psi');
  });
  test('an image seen before shows offline: its thumbnail in the gallery after an offline reload', async () => {
    await context.setOffline(false);
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0f172a' } }).jpeg().toBuffer();
    await page.goto(`/car/${carId}/gallery`);
    await page.getByRole('button', { name: 'Upload Image' }).first().click();
    const form = page.getByRole('form', { name: 'Upload Image' });
    await form.getByLabel('Image').setInputFiles({ name: 'pit-board.jpg', mimeType: 'image/jpeg', buffer: photo });
    await form.getByLabel('Caption (optional)').fill('Pit board, lap 12');
    await form.getByRole('button', { name: 'Upload Image' }).click();
    const thumbnail = () => page.getByRole('button', { name: 'Open Pit board, lap 12' }).locator('img');
    await expect.poll(() => thumbnail().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // The persisted query cache is written at most once a second: wait until its gallery list holds the new image.
    await expect
      .poll(async () => JSON.stringify((await persistedQueries()).find((q) => JSON.stringify(q.queryKey) === JSON.stringify(['cars', carId, 'images']))?.data ?? null), { timeout: 10_000 })
      .toContain('Pit board, lap 12');

    await context.setOffline(true);
    await page.reload();
    await visible(page.getByRole('status').filter({ hasText: /^Offline — showing what was saved at \d\d:\d\d$/ }));
    await expect.poll(() => thumbnail().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await context.setOffline(false);
  });
});
