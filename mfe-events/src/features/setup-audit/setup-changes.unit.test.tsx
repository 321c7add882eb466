import { act, screen } from '@testing-library/react';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { makeCar, makeRaceEvent, renderRemote, user } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const laguna = makeRaceEvent();
const HISTORY = '/api/cars/7/history?eventId=3&limit=20';

/** The race event's GETs and its history's first page, one suspension change. */
function stubRaceEvent() {
  return stubFetch({
    'GET /api/auth/user': () => json(user),
    'GET /api/cars': () => json([makeCar()]),
    'GET /api/cars/7': () => json(makeCar()),
    'GET /api/cars/7/events': () => json([laguna]),
    'GET /api/cars/7/events/3': () => json(laguna),
    'GET /api/cars/7/events/3/issues': () => json([]),
    'GET /api/cars/7/events/3/carried-over': () => json([]),
    'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr' }),
    [`GET ${HISTORY}`]: () =>
      json([
        {
          position: '20/20',
          at: new Date().toISOString(),
          type: 'SuspensionSet',
          section: 'suspension',
          eventId: 3,
          actor: { userId: 2, displayName: 'Marco Rossi', role: 'mechanic', memberColor: '#ff6600' },
          changes: [{ field: 'Front camber', before: '-2.5°', after: '-2.8°' }],
        },
      ]),
  });
}

describe("a race event's history card", () => {
  it('asks for the history only once the card comes into view, then shows it', async () => {
    const fetchMock = stubRaceEvent();
    mockAllIsIntersecting(false);
    renderRemote('/car/7/events?eventId=3&tab=history');
    expect(await screen.findByRole('status', { name: 'Loading setup changes' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', HISTORY)).toHaveLength(0);

    act(() => mockAllIsIntersecting(true));
    expect(await screen.findByText('Front camber: -2.5° → -2.8°')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', HISTORY)).toHaveLength(1);
  });
});
