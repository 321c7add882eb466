import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { RESULTS_DIR, screenshotAtViewports, VIEWPORTS, visible } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * The setup audit of a race event in headless chromium, against Pitwall started the
 * README's way: the team's MX-5 gets its demo-season baseline with a front camber of -2.5°, the
 * Laguna Seca race event is scheduled with its final drive and its own tire pressures, and then
 * the baseline camber goes to -2.8° (all through the API, with the browser's session cookie: those
 * forms are other screens'). The race event's Setup History then shows the change with the owner's
 * name, 'Compare with…' Baseline marks the real differences (one final drive line), 'As it was at…' the race event shows -2.5°
 * while today shows -2.8°, and the printable sheet prints to ONE A4 page (and one Letter page).
 */

interface Season {
  setup: { teamName: string; ownerName: string; email: string; username: string; password: string };
  cars: {
    car: Record<string, unknown> & { name: string };
    gearRatios: unknown[];
    suspension: Record<string, string | null>;
    tirePressures: { items: unknown[]; notes: string | null };
    maintenance: Record<string, string | null>;
    events: { name: string; location: string; date: string; trackLength: string; weather: string; notes: string; finalDriveRatio?: string; finalDriveNotes?: string }[];
  }[];
}

const season = JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/demo-season.json'), 'utf8')) as Season;
const mx5 = season.cars.find((c) => c.car.name === 'MX-5 #27')!;
const laguna = mx5.events.find((e) => e.location === 'WeatherTech Raceway Laguna Seca')!;
const LAGUNA_TIRES = {
  items: [
    { condition: 'Dry (Cold)', frontLeft: '27 psi', frontRight: '27 psi', rearLeft: '26 psi', rearRight: '26 psi' },
    { condition: 'Dry (Hot Target)', frontLeft: '33 psi', frontRight: '33 psi', rearLeft: '32 psi', rearRight: '32 psi' },
  ],
  notes: 'Cool morning: start 1 psi low',
};

const session = useBrowserSession('setup-audit', { start: 'server', remotes: ['mfe-events'] });
let context: BrowserContext;

/** Calls the API with the browser context's session cookie; fails with the answer's body unless 2xx. */
async function api<T>(method: 'get' | 'post' | 'put' | 'patch', url: string, data?: unknown): Promise<T> {
  const response = await context.request[method](url, { data, headers: { Origin: session.server.url } });
  expect(response.status(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Pages of a PDF: occurrences of `/Type /Page` (not `/Pages`). */
const pdfPageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
/** The first page's MediaBox [width, height] in points. */
const pdfMediaBox = (pdf: Buffer) => {
  const m = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  return m ? [Number(m[1]), Number(m[2])] : null;
};

test.describe('Setup audit of a race event', () => {
  test("shows the race event's setup changes, compares with the baseline, rebuilds the setup as it was, and prints one page", async () => {
    context = await session.browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: session.server.url, acceptDownloads: true });
    await api('post', '/api/auth/setup-team', season.setup);
    const owner = await api<{ teams: { displayName: string }[] }>('get', '/api/auth/user');
    const ownerName = owner.teams[0]!.displayName;
    const car = await api<{ id: number }>('post', '/api/cars', mx5.car);
    const base = `/api/cars/${car.id}`;
    await api('put', base, { ...mx5.car, ...mx5.maintenance });
    await api('put', `${base}/gear-ratios`, mx5.gearRatios);
    await api('put', `${base}/suspension`, { ...mx5.suspension, frontCamber: '-2.5°' });
    await api('put', `${base}/tire-pressures`, mx5.tirePressures);
    const { name, location, date, trackLength, weather, notes, finalDriveRatio, finalDriveNotes } = laguna;
    const scheduled = { name, location, date, trackLength, weather, notes };
    const raceEvent = await api<{ id: number }>('post', `${base}/events`, scheduled);
    await api('patch', `${base}/events/${raceEvent.id}`, { finalDriveRatio, finalDriveNotes });
    await api('put', `${base}/tire-pressures?eventId=${raceEvent.id}`, LAGUNA_TIRES);
    // After Laguna Seca's setup was settled, the baseline camber changes.
    await api('put', `${base}/suspension`, { ...mx5.suspension, frontCamber: '-2.8°' });

    const page = await session.openPage(context);

    // The race event's Setup History tab.
    await page.goto(`/car/${car.id}/events?eventId=${raceEvent.id}`);
    await visible(page.getByRole('heading', { level: 1, name: laguna.name }));
    await page.getByRole('tab', { name: 'Setup History' }).click();

    const changes = page.getByRole('region', { name: 'Setup changes' });
    const tires = changes.getByRole('listitem', { name: `Tire Pressures changed by ${ownerName}` });
    await visible(tires);
    await visible(tires.getByText('Owner', { exact: true }));
    // The race event's first own row reads from the baseline's Dry (Cold) it inherited (28/28/27/27 psi).
    await visible(tires.getByText('Dry (Cold) front left: 28 psi → 27 psi', { exact: true }));
    await visible(tires.getByText('Dry (Cold) rear right: 27 psi → 26 psi', { exact: true }));
    await visible(tires.getByText(/ago$|^just now$/));
    // The baseline camber change is not this race event's.
    await expect(changes.getByText(/Front camber/)).toHaveCount(0);

    // Compare with… Baseline: the race event's own tire pressures differ. Its final drive (2.866) is the
    // effective 'Final Drive' ratio, equal to the baseline's: one line, no difference.
    const compare = page.getByRole('region', { name: 'Compare with…' });
    await expect.poll(() => compare.getByLabel('Compare with').inputValue()).toBe('baseline');
    const table = compare.getByRole('table', { name: `${laguna.name} compared with Baseline` });
    await visible(table);
    const finalDriveRow = table.getByRole('row', { name: /^Final Drive ratio/ });
    await visible(finalDriveRow);
    await expect(finalDriveRow.getByText('Differs')).toHaveCount(0);
    await expect(table.getByRole('row', { name: /^Race final drive/ })).toHaveCount(0);
    await visible(table.getByRole('row', { name: /^Dry \(Cold\) pressures/ }).getByText('Differs', { exact: true }));
    await expect(table.getByRole('row', { name: /^Front Camber/ }).getByText('Differs')).toHaveCount(0);
    await visible(compare.getByText(/^\d+ differences?, marked 'Differs'\.$/));

    // As it was at… this race event: -2.5°; today: -2.8°.
    const asOf = page.getByRole('region', { name: 'As it was at…' });
    const camberRow = () => asOf.getByRole('region', { name: 'Baseline setup' }).getByRole('region', { name: 'Suspension & Alignment' }).getByRole('row', { name: /^Camber/ });
    await visible(camberRow().getByRole('cell', { name: '-2.5°', exact: true }));
    // Its final drive (and, by setup inheritance, the effective 'Final Drive' gear row with the same ratio).
    await visible(asOf.getByRole('region', { name: /^Spring Sprint Round 1 · / }).getByRole('definition').getByText('2.866', { exact: true }));
    await screenshotAtViewports(page, 'setup-audit-history');
    await asOf.getByLabel('As it was at').selectOption({ label: 'the end of a date' });
    await visible(asOf.getByLabel('Date'));
    await visible(camberRow().getByRole('cell', { name: '-2.8°', exact: true }));
    await expect(asOf.getByRole('region', { name: /^Spring Sprint Round 1 · / })).toHaveCount(0);

    // The printable setup sheet.
    await page.getByRole('link', { name: 'Setup Sheet' }).click();
    const sheet = page.getByRole('article', { name: 'Setup sheet' });
    await visible(sheet);
    await visible(sheet.getByRole('heading', { level: 1, name: laguna.name }));
    await visible(sheet.getByRole('row', { name: /^Dry \(Hot Target\)/ }).getByRole('cell', { name: '33 psi' }).first());
    await visible(sheet.getByRole('row', { name: /^Camber/ }).getByRole('cell', { name: '-2.8°' }));
    await screenshotAtViewports(page, 'setup-audit-sheet');

    // Exports of the same data.
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csvDownload.suggestedFilename()).toBe('setup-sheet-mx-5-27-spring-sprint-round-1.csv');
    const csv = readFileSync((await csvDownload.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('section,field,value');
    expect(csv).toContain(`Final Drive,Ratio,${finalDriveRatio}\r\n`);
    expect(csv).toContain('Suspension & Alignment,Front Camber,-2.8°\r\n');
    expect(csv).toContain('Tire Pressures,Notes,Cool morning: start 1 psi low\r\n');
    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JSON' }).click()]);
    const data = JSON.parse(readFileSync((await jsonDownload.path())!, 'utf8'));
    expect(data).toMatchObject({ raceEvent: { name: laguna.name, date: laguna.date }, finalDrive: { ratio: finalDriveRatio } });

    // Print to PDF (page.pdf() renders with print media): one A4 page, then one Letter page.
    const a4 = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await writeFile(path.join(RESULTS_DIR, 'setup-audit-sheet-a4.pdf'), a4);
    expect(pdfPageCount(a4)).toBe(1);
    expect(pdfMediaBox(a4)!.map(Math.round)).toEqual([595, 842]);
    await page.getByRole('radio', { name: 'Letter' }).check();
    const letter = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await writeFile(path.join(RESULTS_DIR, 'setup-audit-sheet-letter.pdf'), letter);
    expect(pdfPageCount(letter)).toBe(1);
    expect(pdfMediaBox(letter)!.map(Math.round)).toEqual([612, 792]);

    // What the print shows: the sheet alone, without the shell's navigation or the sheet's toolbar.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 794, height: 1123 });
    expect(await page.getByRole('navigation', { name: 'Selected car' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(RESULTS_DIR, 'setup-audit-sheet-print.png'), fullPage: true });
    await page.emulateMedia({ media: null });

    // The only console error is the browser's favicon request (the shell serves no favicon).
    expect(session.pageErrors.filter((e) => !/status of 404 \(Not Found\)/.test(e))).toEqual([]);
  });
});
