import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Part } from '@pitwall/contracts';
import { callsTo, json, stubFetch, type StubHandler } from '@pitwall/kit/test';
import { makeRaceEvent, raceEventGets, renderRemote } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

/** A part of car 7 with a distance limit, `usedKm` of it used. */
const part = (id: number, name: string, usedKm: number, status: Part['status']): Part => ({
  id, teamId: 1, name, category: 'clutch', partNumber: null, serialNumber: null, notes: null, carId: 7,
  limits: { km: 2500, hours: null, laps: null, expiresOn: null }, usedBefore: { km: 0, hours: 0, laps: 0 },
  used: { km: usedKm, hours: 0, laps: 0 }, sinceNew: { km: usedKm, hours: 0, laps: 0 },
  remaining: { km: 2500 - usedKm, hours: null, laps: null, days: null }, status, lastServicedAt: null, createdAt: '2026-03-01T00:00:00.000Z',
});

/** The GETs of a race event's detail view, with the car's parts and the race event's sessions. */
function routes(raceEvent = makeRaceEvent(), sessions: unknown[] = [], extra: Record<string, StubHandler> = {}): Record<string, StubHandler> {
  return {
    ...raceEventGets(raceEvent),
    'GET /api/cars/7/events/3/sessions': () => json(sessions),
    'GET /api/cars/7/gear-ratios?eventId=3': () => json([]),
    'GET /api/cars/7/suspension?eventId=3': () => json(null),
    'GET /api/cars/7/tire-pressures?eventId=3': () => json({ items: [], notes: null }),
    'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km' }),
    // By name, as the API answers a car's parts.
    'GET /api/cars/7/parts': () => json([part(2, 'Clutch', 2300, 'due-soon'), part(3, 'Front brake discs', 2600, 'overdue'), part(1, 'Gearbox', 600, 'ok'), part(4, 'Rear dampers', 2450, 'due-soon')]),
    ...extra,
  };
}

describe("the race event overview's parts life card", () => {
  it("lists the car's overdue parts, then the due-soon ones, each by name, with their use in words", async () => {
    stubFetch(routes());
    renderRemote('/car/7/events?eventId=3');
    const list = await screen.findByRole('list', { name: 'Parts due' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Before this race event: Front brake discs — 104 % used Overdue',
      'Before this race event: Clutch — 92 % used Due soon',
      'Before this race event: Rear dampers — 98 % used Due soon',
    ]);
  });

  it('asks for the track length when sessions exist and it cannot be read, and saves it', async () => {
    const unknown = makeRaceEvent({ trackLength: null, trackLengthKm: null });
    const fetchMock = stubFetch(routes(unknown, [{ id: 9 }], { 'PATCH /api/cars/7/events/3': () => json({ ...unknown, trackLength: '3.602 km', trackLengthKm: 3.602 }) }));
    renderRemote('/car/7/events?eventId=3');
    const field = await screen.findByLabelText('Track length');
    expect(screen.getByText(/The track length is unknown: the sessions of this race event count laps and time for parts life, not distance/)).toBeInTheDocument();
    await userEvent.type(field, '3.602 km');
    await userEvent.click(screen.getByRole('button', { name: 'Save track length' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/cars/7/events/3')).toEqual([{ trackLength: '3.602 km' }]));
  });
});
