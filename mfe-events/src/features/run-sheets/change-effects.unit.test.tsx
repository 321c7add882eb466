import { screen, within } from '@testing-library/react';
import type { ChangeEffect, RunSession } from '@pitwall/contracts';
import { json, stubFetch } from '@pitwall/kit/test';
import { makeRaceEvent, raceEventGets, renderRemote } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const laguna = makeRaceEvent();

/** A session of race event 3 with three timed laps averaging `averageMs`. */
function session(id: number, name: string, startedAt: string, averageMs: number): RunSession {
  const laps = [averageMs - 100, averageMs, averageMs + 100].map((lapTimeMs, i) => ({ lapNumber: i + 1, time: '', lapTimeMs, kind: 'timed' as const, sectorsMs: [], driverName: null }));
  return {
    id, carId: 7, eventId: 3, name, type: 'practice', startedAt, driverMemberId: 2, driverName: 'Aiko Tanaka', airTempC: 14, trackTempC: 28, weather: null, tireSet: null, tireSetId: null,
    fuelLitres: 40, notes: null, feedbackTags: [], feedbackText: null, bestLapMs: averageMs - 100, timedLapCount: 3, averageBestThreeMs: averageMs, bestSectorsMs: [], theoreticalBestMs: null,
    setupPosition: '100/7', laps, tirePressures: { cold: null, hot: null }, tireTemperatures: [], stints: [], pitStops: [], fuelAtEndLitres: null, fuelPerLapLitres: null, driverTime: [],
  };
}

const fp1 = session(21, 'FP1', '2026-03-21T09:00:00.000Z', 100_100);
const fp2 = session(22, 'FP2', '2026-03-21T13:00:00.000Z', 99_700);
const effect: ChangeEffect = {
  sessionId: 22,
  previousSessionId: 21,
  changes: [{ section: 'suspension', field: 'frontCamber', from: '-3.5°', to: '-3.8°' }],
  conditions: { sameDriver: true, tireSetLapsBefore: 0, tireSetLapsAfter: 6, trackTempC: [28, 33], fuelLitres: [40, 40] },
  lapTimes: { bestDeltaMs: -400, averageBestThreeDeltaMs: -400, theoreticalBestDeltaMs: null, sectorDeltasMs: [] },
  verdict: 'faster',
  because: 'The average of the best three is 0.400 s quicker; a repeat of the same run would differ by up to 0.115 s',
};

function routes() {
  return {
    ...raceEventGets(laguna),
    'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C' }),
    'GET /api/teams/1/members': () => json([]),
    'GET /api/cars/7/events/3/sessions': () => json([fp1, fp2]),
    [`GET /api/cars/7/tracks/sessions?location=${encodeURIComponent(laguna.location)}`]: () => json([]),
    'GET /api/cars/7/events/3/change-effects': () => json([effect]),
    'GET /api/cars/7/events/3/sessions/22/changes': () => json({ previous: { id: 21, name: 'FP1' }, entries: [] }),
    'GET /api/cars/7/events/3/sessions/22/setup': () => json({ message: 'not needed here' }, 404),
  };
}

describe("'What changed, what it did'", () => {
  it('on the Sessions tab: the change from → to, the deltas with arrows, the verdict and why, and the best-three chart', async () => {
    stubFetch(routes());
    renderRemote('/car/7/events?eventId=3&tab=sessions');
    const card = within(await screen.findByRole('region', { name: 'What changed, what it did' }));
    const pair = within(await card.findByRole('listitem', { name: 'FP1 → FP2' }));
    expect(pair.getByRole('heading', { name: 'FP1 → FP2: Faster' })).toBeInTheDocument();
    expect(pair.getByText('Front camber -3.5° → -3.8°')).toBeInTheDocument();
    expect(pair.getByLabelText('Best three: 0.400 s quicker')).toHaveTextContent('▼ 0.400 s');
    expect(pair.getByText('Same driver · Tires 0 → 6 laps old · Track 28 °C → 33 °C')).toBeInTheDocument();
    expect(pair.getByText(`${effect.because}.`)).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Best three laps per session: FP1 1:40.100, FP2 1:39.700; setup changed before FP2' })).toBeInTheDocument();
  });

  it("on FP2's run sheet: the pair ending at it", async () => {
    stubFetch(routes());
    renderRemote('/car/7/events?eventId=3&tab=sessions&session=22');
    const card = within(await screen.findByRole('region', { name: 'What changed, what it did' }));
    expect(await card.findByRole('heading', { name: 'FP1 → FP2: Faster' })).toBeInTheDocument();
    expect(card.queryByRole('img')).not.toBeInTheDocument();
  });
});
