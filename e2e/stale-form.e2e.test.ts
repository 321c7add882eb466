import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, visible } from './support/browser.ts';
import { demoSeasonCrew, openFp2, openSuspensionForm, toast } from './support/crew.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * A form saved after a teammate's save never puts the teammate's values back: every save carries
 * the version its form was opened on, a field only the teammate changed keeps the teammate's value,
 * and a field both changed asks (the conflict dialog) and saves the choice. Two people of one team
 * in two browsers: Ana on a laptop, Sam on a phone.
 */

const session = useBrowserSession('stale-form', { start: 'server', remotes: ['mfe-events'] });
let owner: BrowserContext;
let ana: Page;
let sam: Page;
let carId = 0;

/** The suspension as the server holds it now. */
async function serverSuspension(): Promise<Record<string, string | null>> {
  return (await (await owner.request.get(`/api/cars/${carId}/suspension`)).json()) as Record<string, string | null>;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ owner, carId, ana, sam } = await demoSeasonCrew(session, { samOnTouchPhone: false }));
});

test.describe('a stale form never reverts a teammate’s change', () => {
  test("Sam's suspension form, opened before Ana saved front camber, saves rear toe and keeps Ana's front camber", async () => {
    const anaForm = await openSuspensionForm(ana, carId);
    const samForm = await openSuspensionForm(sam, carId);

    await anaForm.getByLabel('Front Camber', { exact: true }).fill('-3.8°');
    await anaForm.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(ana, 'Suspension settings updated successfully');
    expect((await serverSuspension()).frontCamber).toBe('-3.8°');

    await samForm.getByLabel('Rear Toe', { exact: true }).fill('2.0mm (in)');
    await samForm.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(sam, 'Suspension settings updated successfully');
    expect(await serverSuspension()).toMatchObject({ frontCamber: '-3.8°', rearToe: '2.0mm (in)' });
  });

  test('asks Sam when both changed front camber, and saves the value Sam chooses', async () => {
    const anaForm = await openSuspensionForm(ana, carId);
    const samForm = await openSuspensionForm(sam, carId);

    await anaForm.getByLabel('Front Camber', { exact: true }).fill('-3.6°');
    await anaForm.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(ana, 'Suspension settings updated successfully');

    await samForm.getByLabel('Front Camber', { exact: true }).fill('-3.9°');
    await samForm.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = sam.getByRole('dialog', { name: /^Both changed: Suspension/ });
    await visible(dialog);
    await visible(dialog.getByRole('group', { name: /^Ana\b.* set front camber to -3\.6° at \d{2}:\d{2}; you set -3\.9°\.$/ }));
    await sam.screenshot({ path: path.join(RESULTS_DIR, 'stale-form-conflict-phone.png') });
    // Nothing is saved while Sam chooses.
    expect((await serverSuspension()).frontCamber).toBe('-3.6°');

    await dialog.getByRole('radio', { name: 'Keep mine: -3.9°' }).check();
    await dialog.getByRole('button', { name: 'Save choice' }).click();
    await toast(sam, 'Suspension settings updated successfully');
    await dialog.waitFor({ state: 'hidden' });
    expect((await serverSuspension()).frontCamber).toBe('-3.9°');
    await visible(sam.getByRole('region', { name: 'Suspension & Alignment', exact: true }).getByText('-3.9°', { exact: true }));
  });

  test("the engineer's FP2 form, opened before the mechanic entered hot pressures, keeps the mechanic's hot value when saved", async () => {
    const engineer = await openFp2(ana, carId);
    const mechanic = await openFp2(sam, carId);

    await mechanic.getByLabel('Hot Front Left', { exact: true }).fill('34.8');
    await mechanic.getByRole('button', { name: 'Save Tire Pressures' }).click();
    await toast(sam, 'Tire pressures saved');

    await engineer.getByLabel('Cold Front Left', { exact: true }).fill('27.8');
    await engineer.getByRole('button', { name: 'Save Tire Pressures' }).click();
    await toast(ana, 'Tire pressures saved');

    const events = (await (await owner.request.get(`/api/cars/${carId}/events`)).json()) as { id: number; name: string }[];
    const raceEventId = events.find((e) => e.name === 'Spring Sprint Round 1')!.id;
    const sessions = (await (await owner.request.get(`/api/cars/${carId}/events/${raceEventId}/sessions`)).json()) as { name: string; tirePressures: { cold: { fl: number }; hot: { fl: number } } }[];
    const fp2 = sessions.find((s) => s.name === 'FP2')!;
    expect(fp2.tirePressures.hot.fl).toBe(34.8);
    expect(fp2.tirePressures.cold.fl).toBe(27.8);
  });
});
