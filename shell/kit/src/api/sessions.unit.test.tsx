import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Lap, RunSession } from '@pitwall/contracts';
import { callsTo, json, stubFetch } from '../../test/fetch-stub';
import { getRaceEventHistoryQueryOptions } from './history';
import { createQueryClient } from './query-client';
import { useSessions, useSetSessionLaps } from './sessions';

afterEach(() => vi.unstubAllGlobals());

const SESSIONS = '/api/cars/7/events/3/sessions';
const lap: Lap = { lapNumber: 1, time: '1:42.318', lapTimeMs: 102_318, kind: 'timed', sectorsMs: [], driverName: null };
/** The parts of a session this test reads; the rest of the answer does not matter here. */
const session = (laps: Lap[]) => ({ id: 21, carId: 7, eventId: 3, name: 'FP1', laps, bestLapMs: laps[0]?.lapTimeMs ?? null }) as unknown as RunSession;

/** What the run sheet shows: the race event's sessions with their best lap, and a form saving FP1's laps. */
function RunSheet() {
  const { data } = useSessions(7, 3);
  const save = useSetSessionLaps(7, 3);
  return (
    <>
      <p>FP1 best: {data ? (data[0]?.bestLapMs ?? 'none') : 'loading'}</p>
      <button type="button" onClick={() => save.mutate({ sessionId: 21, body: { laps: [{ lapTimeMs: 102_318, kind: 'timed' }] } })}>
        Save laps
      </button>
      {save.isSuccess && <p>Saved</p>}
    </>
  );
}

describe('a session save', () => {
  it('puts the answered session into the race event list without fetching the list again, and refreshes what the answer does not hold', async () => {
    const mock = stubFetch({
      [`GET ${SESSIONS}`]: () => json([session([])]),
      [`PUT ${SESSIONS}/21/laps`]: () => json(session([lap])),
    });
    const queryClient = createQueryClient();
    // The race event's history, cached earlier by its History view: a session's change makes it stale.
    const history = getRaceEventHistoryQueryOptions(7, 3).queryKey;
    queryClient.setQueryData(history, { pages: [[]], pageParams: [undefined] });
    render(
      <QueryClientProvider client={queryClient}>
        <RunSheet />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('FP1 best: none', {}, { timeout: 5000 })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save laps' }));

    expect(await screen.findByText('Saved', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('FP1 best: 102318')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', `${SESSIONS}/21/laps`)).toEqual([{ laps: [{ lapTimeMs: 102_318, kind: 'timed', sectorsMs: [], driverName: null }] }]);
    await waitFor(() => expect(queryClient.getQueryState(history)?.isInvalidated).toBe(true));
    expect(callsTo(mock, 'GET', SESSIONS)).toHaveLength(1);
  });
});
