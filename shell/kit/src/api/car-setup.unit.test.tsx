import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { TirePressure, TirePressures } from '@pitwall/contracts';
import { callsTo, json, stubFetch } from '../../test/fetch-stub';
import { getTirePressuresQueryOptions, useUpdateTirePressures } from './car-setup';
import { getCarHistoryQueryOptions } from './history';
import { createQueryClient } from './query-client';

afterEach(() => vi.unstubAllGlobals());

const row = (frontLeft: string): TirePressure => ({
  id: 1, carId: 7, eventId: 3, condition: 'Wet', frontLeft, frontRight: '1.9 bar', rearLeft: '1.8 bar', rearRight: '1.8 bar', notes: null,
});

/** What mfe-cars shows: a car's tire pressures (here those of race event 3), read through the kit's factory. */
function CarsRemoteView() {
  const { data } = useQuery(getTirePressuresQueryOptions(7, 3));
  return <p>Cars remote: {data?.items[0]?.frontLeft ?? 'loading'}</p>;
}

/** What mfe-events does: save the race event's tire pressures through the kit's hook. */
function EventsRemoteForm() {
  const save = useUpdateTirePressures(7, 3);
  return (
    <button type="button" onClick={() => save.mutate({ items: [{ ...row('2.1 bar'), id: undefined }], notes: null })}>
      Save
    </button>
  );
}

describe('car setup: one cache for every remote', () => {
  it("a save of a car's tire pressures in one remote refreshes another remote's view of them", async () => {
    let stored: TirePressures = { items: [row('1.9 bar')], notes: null };
    const mock = stubFetch({
      'GET /api/cars/7/tire-pressures?eventId=3': () => json(stored),
      'PUT /api/cars/7/tire-pressures?eventId=3': (body) => {
        stored = { items: [row((body as TirePressures).items[0]!.frontLeft)], notes: null };
        return json(stored);
      },
    });
    // The shell renders every remote inside its one QueryClientProvider; the kit is a singleton.
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <CarsRemoteView />
        <EventsRemoteForm />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Cars remote: 1.9 bar')).toBeInTheDocument();
    // Another page of the history of the section, cached earlier by the car detail's History view.
    queryClient.setQueryData(getCarHistoryQueryOptions(7, 'tire-pressures').queryKey, { pages: [[]], pageParams: [undefined] });

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Cars remote: 2.1 bar')).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/cars/7/tire-pressures?eventId=3')).toEqual([
      { eventId: 3, items: [expect.objectContaining({ carId: 7, eventId: 3, frontLeft: '2.1 bar' })], notes: null },
    ]);
    await waitFor(() => expect(callsTo(mock, 'GET', '/api/cars/7/tire-pressures?eventId=3')).toHaveLength(2));
    expect(queryClient.getQueryState(getCarHistoryQueryOptions(7, 'tire-pressures').queryKey)?.isInvalidated).toBe(true);
  });

  it("keys a section by the resource, then the car's baseline or the race event", () => {
    expect(getTirePressuresQueryOptions(7).queryKey).toEqual(['cars', 7, 'tire-pressures', 'baseline']);
    expect(getTirePressuresQueryOptions(7, 3).queryKey).toEqual(['cars', 7, 'tire-pressures', 3]);
  });
});
