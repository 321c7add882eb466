import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { json, makeRaceEvent, stubFetch } from '@pitwall/kit/test';
import { changeText, SeriesRoundCard, wallClock } from './series-round-card';

describe('the series round card of a race event', () => {
  it("writes the timetable at the circuit's time, whatever the viewer's zone", () => {
    expect(wallClock('2026-05-02T10:00:00+02:00')).toEqual({ day: 'Sat, May 2', time: '10:00' });
    expect(wallClock('2026-05-03T23:30:00-07:00')).toEqual({ day: 'Sun, May 3', time: '23:30' });
    expect(changeText({ kind: 'moved', sessionId: 2, name: 'FP2', from: '2026-05-02T14:30:00+02:00', to: '2026-05-02T15:30:00+02:00' })).toBe('FP2 moved from Sat, May 2 14:30 to Sat, May 2 15:30');
    expect(changeText({ kind: 'removed', sessionId: 1, name: 'FP1', from: '2026-05-02T10:00:00+02:00', to: null })).toBe('FP1 removed (a run sheet with data stays)');
  });

  it('shows the round, what changed, the BoP with its warning and the sessions by day', async () => {
    const raceEvent = makeRaceEvent({ round: { seriesId: 3, roundId: 11, entryId: 31 } });
    stubFetch({
      [`GET /api/cars/${raceEvent.carId}/events/${raceEvent.id}/round`]: () =>
        json({
          seriesId: 3, seriesName: 'GT Cup', roundId: 11, roundName: 'Round 2 — Spa', entryId: 31, number: '007', class: 'GT4',
          timetable: {
            seriesId: 3, roundId: 11, startsOn: '2026-05-02', endsOn: '2026-05-03',
            sessions: [
              { id: 1, name: 'FP1', type: 'practice', startsAt: '2026-05-02T10:00:00+02:00', durationMinutes: 60 },
              { id: 4, name: 'Race', type: 'race', startsAt: '2026-05-03T14:00:00+02:00', durationMinutes: 360 },
            ],
            revisions: [
              { publishedAt: '2026-04-20T10:00:00.000Z', changes: [{ kind: 'moved', sessionId: 1, name: 'FP1', from: '2026-05-02T09:00:00+02:00', to: '2026-05-02T10:00:00+02:00' }] },
              { publishedAt: '2026-04-10T10:00:00.000Z', changes: [] },
            ],
          },
          bop: { roundId: 11, entryId: 31, number: '007', class: 'GT4', ballastKg: 15, restrictorMm: 36, minWeightKg: 1250, notes: null, setBy: 'Olivia Clerk', setAt: '2026-04-20T10:00:00.000Z' },
          bopWarnings: [{ kind: 'ballast', message: 'Setup ballast 10 kg is below the BoP ballast of 15 kg' }],
        }),
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SeriesRoundCard raceEvent={raceEvent} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/Round 2 — Spa · #007 \(GT4\)/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What changed' })).toHaveTextContent('FP1 moved from Sat, May 2 09:00 to Sat, May 2 10:00');
    expect(screen.getByRole('alert')).toHaveTextContent('Setup ballast 10 kg is below the BoP ballast of 15 kg');
    const timetable = screen.getByRole('region', { name: 'Timetable' });
    expect(timetable).toHaveTextContent('Sat, May 2');
    expect(timetable).toHaveTextContent('10:00 FP1 · Practice · 60 min');
    expect(timetable).toHaveTextContent('Sun, May 3');
  });
});
