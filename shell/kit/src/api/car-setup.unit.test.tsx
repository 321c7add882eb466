import type { ReactElement } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { TirePressure, TirePressures } from '@pitwall/contracts';
import { callsTo, json, stubFetch } from '../../test/fetch-stub';
import { getTirePressuresQueryOptions, useUpdateTirePressures } from './car-setup';
import { getCarHistoryQueryOptions } from './history';
import { createQueryClient } from './query-client';

afterEach(() => vi.unstubAllGlobals());

const row = (frontLeft: string, raceEventId: number | null = 3): TirePressure => ({
  id: 1, carId: 7, eventId: raceEventId, condition: 'Wet', frontLeft, frontRight: '1.9 bar', rearLeft: '1.8 bar', rearRight: '1.8 bar', notes: null, own: false,
});

/** What mfe-events shows: race event 3's tire pressures, read through the kit's factory. */
function RaceEventView() {
  const { data } = useQuery(getTirePressuresQueryOptions(7, 3));
  return <p>Race event view: {data?.items[0]?.frontLeft ?? 'loading'}</p>;
}

/** What mfe-cars does: save the car's baseline tire pressures through the kit's hook. */
function BaselineForm() {
  const save = useUpdateTirePressures(7);
  return (
    <button type="button" onClick={() => save.mutate({ items: [{ ...row('2.1 bar', null), id: undefined }], notes: null })}>
      Save baseline
    </button>
  );
}

/** What mfe-events does: save race event 3's tire pressures through the kit's hook. */
function RaceEventForm() {
  const save = useUpdateTirePressures(7, 3);
  return (
    <button type="button" onClick={() => save.mutate({ items: [{ ...row('2.2 bar'), id: undefined }], notes: null })}>
      Save race event
    </button>
  );
}

/** Renders the given remotes' parts inside one QueryClientProvider, as the shell renders every remote. */
function renderInShell(...parts: ReactElement[]) {
  const queryClient = createQueryClient();
  render(<QueryClientProvider client={queryClient}>{parts}</QueryClientProvider>);
  return queryClient;
}

describe('car setup: one cache for every remote', () => {
  it("a baseline save in the cars remote refreshes the events remote's view of the race event's tire pressures", async () => {
    // The race event has no pressures of its own: it reads the baseline's (its effective setup).
    let baseline: TirePressures = { items: [row('1.9 bar', null)], notes: null };
    const mock = stubFetch({
      'GET /api/cars/7/tire-pressures?eventId=3': () => json({ items: baseline.items.map((r) => ({ ...r, eventId: 3 })), notes: null }),
      'PUT /api/cars/7/tire-pressures': (body) => {
        baseline = { items: [row((body as TirePressures).items[0]!.frontLeft, null)], notes: null };
        return json(baseline);
      },
    });
    renderInShell(<RaceEventView key="events" />, <BaselineForm key="cars" />);
    expect(await screen.findByText('Race event view: 1.9 bar')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save baseline' }));

    expect(await screen.findByText('Race event view: 2.1 bar')).toBeInTheDocument();
    expect(callsTo(mock, 'GET', '/api/cars/7/tire-pressures?eventId=3')).toHaveLength(2);
  });

  it("a race event's save in the events remote refreshes that view and the section's history the cars remote shows", async () => {
    let stored: TirePressures = { items: [row('1.9 bar')], notes: null };
    const mock = stubFetch({
      'GET /api/cars/7/tire-pressures?eventId=3': () => json(stored),
      'PUT /api/cars/7/tire-pressures?eventId=3': (body) => {
        stored = { items: [row((body as TirePressures).items[0]!.frontLeft)], notes: null };
        return json(stored);
      },
    });
    const queryClient = renderInShell(<RaceEventView key="view" />, <RaceEventForm key="form" />);
    expect(await screen.findByText('Race event view: 1.9 bar')).toBeInTheDocument();
    // A page of the section's history, cached earlier by the car detail's History view (mfe-cars).
    queryClient.setQueryData(getCarHistoryQueryOptions(7, 'tire-pressures').queryKey, { pages: [[]], pageParams: [undefined] });

    await userEvent.click(screen.getByRole('button', { name: 'Save race event' }));

    expect(await screen.findByText('Race event view: 2.2 bar')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7/tire-pressures?eventId=3')).toEqual([
      { eventId: 3, items: [expect.objectContaining({ carId: 7, eventId: 3, frontLeft: '2.2 bar' })], notes: null },
    ]);
    await waitFor(() => expect(queryClient.getQueryState(getCarHistoryQueryOptions(7, 'tire-pressures').queryKey)?.isInvalidated).toBe(true));
    // The view shows the PUT's answer: the section is not fetched again.
    expect(callsTo(mock, 'GET', '/api/cars/7/tire-pressures?eventId=3')).toHaveLength(1);
  });

  it("keys a section by the resource, then the car's baseline or the race event", () => {
    expect(getTirePressuresQueryOptions(7).queryKey).toEqual(['cars', 7, 'tire-pressures', 'baseline']);
    expect(getTirePressuresQueryOptions(7, 3).queryKey).toEqual(['cars', 7, 'tire-pressures', 3]);
  });
});
