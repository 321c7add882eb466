import { act, screen, within } from '@testing-library/react';
import type { RacePlan, RunSession } from '@pitwall/contracts';
import { planRace } from '@pitwall/contracts/values';
import { json, stubFetch } from '@pitwall/kit/test';
import { makeRaceEvent, makeSession, raceEventGets, renderRemote } from '../../../test/fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const member = (id: number, displayName: string) => ({ id, teamId: 1, userId: `u${id}`, username: displayName.toLowerCase(), role: 'driver', memberColor: '#16a34a', displayName, joinedAt: '2026-01-01T00:00:00.000Z', isActive: true });

/** The worked example of services/contracts/test/race-now.unit.test.ts: the 6 Hours of Spa, started 12:00:00 UTC, Chloé (4) out after the stop after lap 54. */
const race = makeSession({
  name: 'Race', type: 'race', startedAt: '2026-05-09T12:00:00.000Z', driverMemberId: 2, driverName: 'Aiko Tanaka', fuelLitres: null, tirePressures: { cold: null, hot: null }, feedbackTags: [],
  laps: Array.from({ length: 60 }, (_, i) => ({ lapNumber: i + 1, time: '2:22.000', lapTimeMs: 142_000, kind: 'timed' as const, sectorsMs: [], driverName: null })),
  stints: [
    { driverMemberId: 2, fromLap: 1, toLap: 27, fuelAddedLitres: 0, pitStopMs: 0, tireSetId: null, notes: null },
    { driverMemberId: 3, fromLap: 28, toLap: 54, fuelAddedLitres: 80, pitStopMs: 70_000, tireSetId: null, notes: null },
    { driverMemberId: 4, fromLap: 55, toLap: 60, fuelAddedLitres: 85, pitStopMs: 75_000, tireSetId: null, notes: null },
  ],
}) satisfies RunSession;

const input = {
  raceMinutes: 360, raceLaps: null, lapTimeMs: 142_000, fuelPerLapLitres: 3.1, tankLitres: 100, marginPercent: 5, minStopMs: null, stintSplit: 'full-tanks' as const, driverMemberIds: [2, 3, 4],
  rules: { minDriverMinutes: 90, maxDriverMinutes: 150, maxStintMinutes: 65 },
};
const plan: RacePlan = { saved: true, ...input, ...planRace(input) };

function stub() {
  return stubFetch({
    ...raceEventGets(makeRaceEvent({ name: '6 Hours of Spa' })),
    'GET /api/teams/1/tire-sets': () => json([]),
    'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C' }),
    'GET /api/teams/1/members': () => json([member(2, 'Aiko Tanaka'), member(3, 'Ben Okafor'), member(4, 'Chloé Martin')]),
    'GET /api/cars/7/events/3/sessions': () => json([race]),
    'GET /api/cars/7/events/3/sessions/21/changes': () => json({ previous: null, entries: [] }),
    'GET /api/cars/7/events/3/race-plan': () => json(plan),
  });
}

/** The figure under `term` in the panel's list (its dd). */
const figure = (panel: HTMLElement, term: string) => within(panel).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

/**
 * Opens the race's run sheet with the clock (only the clock: fetches and React run on real timers) at
 * `at`; answers the 'Race now' panel. jsdom draws its animation frames on setInterval, which the
 * clock fakes: frames come from the real setTimeout instead, so the panel, shown once the figures
 * around it are painted, does show.
 */
async function openRaceAt(at: string): Promise<HTMLElement> {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(performance.now()), 16));
  vi.stubGlobal('cancelAnimationFrame', (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle));
  vi.setSystemTime(new Date(at));
  stub();
  renderRemote('/car/7/events?eventId=3&tab=sessions&session=21');
  return screen.findByRole('region', { name: 'Race now' }, { timeout: 10_000 });
}

describe('Race now on a race’s run sheet', () => {
  it('shows the lap, stint, fuel and stop window by the clock, counts every second, and takes the pit wall’s lap count', async () => {
    const panel = await openRaceAt('2026-05-09T14:20:13Z');
    await within(panel).findByText('Chloé Martin · from lap 55');
    expect(figure(panel, 'Estimated lap')).toMatch(/^58/);
    expect(figure(panel, 'Stint')).toBe('0:10:00Chloé Martin · from lap 55');
    expect(figure(panel, 'Fuel remaining')).toBe('85.2 L');
    expect(figure(panel, 'Next stop')).toBe('Laps 63–83');
    expect(within(within(panel).getByRole('list', { name: 'Driving time now' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Aiko Tanaka 1:03:54 minimum in 26.1 min · maximum in 86.1 min',
      'Ben Okafor 1:03:54 minimum in 26.1 min · maximum in 86.1 min',
      'Chloé Martin 0:10:00 minimum in 80 min · maximum in 140 min',
    ]);

    // Five seconds on: the stint and Chloé's time count on, with no request.
    act(() => vi.advanceTimersByTime(5_000));
    expect(figure(panel, 'Stint')).toMatch(/^0:10:05/);

    // The pit wall saw the car cross the line: +1 lap counts lap 59 from now, and the stint runs on from lap 59's end.
    act(() => within(panel).getByRole('button', { name: '+1 lap' }).click());
    expect(figure(panel, 'Estimated lap')).toMatch(/^59/);
    expect(figure(panel, 'Stint')).toMatch(/^0:11:50/);
    expect(within(panel).getByText(/Lap count set by the pit wall: 59/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(142_000));
    expect(figure(panel, 'Estimated lap')).toMatch(/^60/);
    act(() => within(panel).getByRole('button', { name: '−1 lap' }).click());
    expect(figure(panel, 'Estimated lap')).toMatch(/^59/);
    act(() => within(panel).getByRole('button', { name: "Use the Clock's Estimate" }).click());
    // 14:22:40: (8 560 000 − 145 000) ÷ 142 000 = 59.26 → 59 by the clock.
    expect(figure(panel, 'Estimated lap')).toMatch(/^59/);
    expect(within(panel).queryByText(/Lap count set by the pit wall/)).toBeNull();
  });

  it('lists the warnings a race engineer reads, each driver’s by name', async () => {
    const panel = await openRaceAt('2026-05-09T15:11:13Z');
    const warnings = await within(panel).findByRole('list', { name: 'Race now warnings' });
    expect(within(warnings).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Fuel runs below the reserve on lap 84: stop by the end of lap 83',
      'Chloé Martin reaches the maximum stint of 65 min in 4 min',
    ]);
  });
});
