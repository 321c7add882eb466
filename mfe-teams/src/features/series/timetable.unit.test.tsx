import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoundResults, RoundTimetable, Series } from '@pitwall/contracts';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { owner, renderRemote } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const series: Series = {
  id: 3, name: 'GT4 Sprint Cup', season: '2026', classes: ['GT4'], role: 'organiser', myTeams: [],
  rounds: [{ id: 11, name: 'Round 1', location: 'Spa-Francorchamps', date: '2026-05-02', endsOn: '2026-05-03' }], scrutineeringItems: [], joinCodes: [], createdAt: '2026-04-01T09:00:00.000Z',
};
const entrant: Series = { ...series, role: 'entrant', myTeams: [{ teamId: 1, teamName: 'Apex Garage Racing', myRole: 'owner' }] };
const none: RoundResults = { roundId: 11, results: [], recordedBy: null, recordedAt: null };
const empty: RoundTimetable = { seriesId: 3, roundId: 11, startsOn: '2026-05-02', endsOn: '2026-05-03', sessions: [], revisions: [] };
const published: RoundTimetable = {
  ...empty,
  sessions: [
    { id: 71, name: 'FP1', type: 'practice', startsAt: '2026-05-02T10:00:00+02:00', durationMinutes: 60 },
    { id: 72, name: 'Race', type: 'race', startsAt: '2026-05-03T14:00:00+02:00', durationMinutes: 45 },
  ],
  revisions: [
    {
      publishedAt: '2026-04-20T08:00:00.000Z',
      changes: [
        { kind: 'added', sessionId: 71, name: 'FP1', from: null, to: '2026-05-02T10:00:00+02:00' },
        { kind: 'added', sessionId: 72, name: 'Race', from: null, to: '2026-05-03T14:00:00+02:00' },
      ],
    },
  ],
};

const stubRound = (s: Series, timetable: () => RoundTimetable, more: Parameters<typeof stubFetch>[0] = {}) =>
  stubFetch({
    'GET /api/auth/user': () => json(owner),
    'GET /api/series': () => json([s]),
    'GET /api/series/3': () => json(s),
    'GET /api/series/3/entries': () => json([]),
    'GET /api/series/3/rounds/11/scrutineering': () => json([]),
    'GET /api/series/3/rounds/11/results': () => json(none),
    'GET /api/series/3/rounds/11/bop': () => json([]),
    'GET /api/series/3/rounds/11/tire-register': () => json({ allocation: { roundId: 11, setsPerCar: null, compound: null }, sets: [] }),
    'GET /api/series/3/rounds/11/timetable': () => json(timetable()),
    ...more,
  });

describe('Timetable of a round', () => {
  it('the organiser fills two days (FP1 Saturday, Race Sunday) at the circuit offset and publishes it', async () => {
    let current = empty;
    const fetchMock = stubRound(series, () => current, {
      'PUT /api/series/3/rounds/11/timetable': () => {
        current = published;
        return json(published);
      },
    });
    renderRemote('/series/3/rounds/11');
    expect(await screen.findByRole('heading', { name: 'Timetable' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Timetable' }));
    const form = await screen.findByRole('form', { name: 'Timetable' });
    const offset = within(form).getByLabelText('UTC offset');
    expect(offset).toHaveValue('+00:00');
    await userEvent.clear(offset);
    await userEvent.type(offset, '+02:00');

    await userEvent.click(within(form).getByRole('button', { name: 'Add session' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add session' }));
    const fp1 = within(form).getByRole('group', { name: 'Session 1' });
    const race = within(form).getByRole('group', { name: 'Session 2' });
    await userEvent.type(within(fp1).getByLabelText('Session name'), 'FP1');
    expect(within(fp1).getByLabelText('Day')).toHaveValue('2026-05-02');
    expect(within(within(fp1).getByLabelText('Day')).getByRole('option', { name: 'Sun 3 May' })).toBeInTheDocument();
    await userEvent.type(within(fp1).getByLabelText('Start time'), '10:00');
    const length = within(fp1).getByLabelText('Duration (min)');
    expect(length).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(length, '60');
    expect(within(fp1).getByRole('button', { name: 'Remove FP1' })).toBeInTheDocument();

    await userEvent.type(within(race).getByLabelText('Session name'), 'Race');
    await userEvent.selectOptions(within(race).getByLabelText('Type'), 'Race');
    await userEvent.selectOptions(within(race).getByLabelText('Day'), 'Sun 3 May');
    await userEvent.type(within(race).getByLabelText('Start time'), '14:00');
    await userEvent.type(within(race).getByLabelText('Duration (min)'), '45');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish Timetable' }));

    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/series/3/rounds/11/timetable')).toEqual([
        {
          sessions: [
            { name: 'FP1', type: 'practice', startsAt: '2026-05-02T10:00:00+02:00', durationMinutes: 60 },
            { name: 'Race', type: 'race', startsAt: '2026-05-03T14:00:00+02:00', durationMinutes: 45 },
          ],
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Timetable' })).not.toBeInTheDocument());
    const saturday = await screen.findByRole('list', { name: 'Sessions on Sat 2 May' });
    expect(saturday).toHaveTextContent('10:00FP1Practice60 min');
    expect(screen.getByRole('list', { name: 'Sessions on Sun 3 May' })).toHaveTextContent('14:00RaceRace45 min');
    expect(screen.getByText("Times are the circuit's local time.")).toBeInTheDocument();
    const changed = screen.getByRole('region', { name: 'What changed' });
    expect(changed).toHaveTextContent('FP1 added: Sat 10:00');
    expect(changed).toHaveTextContent('Race added: Sun 14:00');
  });

  it('the organiser removes a session and moves another: ids kept, the offset read from the published times', async () => {
    const fetchMock = stubRound(series, () => published, { 'PUT /api/series/3/rounds/11/timetable': () => json(published) });
    renderRemote('/series/3/rounds/11');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Timetable' }));
    const form = await screen.findByRole('form', { name: 'Timetable' });
    expect(within(form).getByLabelText('UTC offset')).toHaveValue('+02:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove FP1' }));
    const race = within(form).getByRole('group', { name: 'Session 1' });
    expect(within(race).getByLabelText('Session name')).toHaveValue('Race');
    const time = within(race).getByLabelText('Start time');
    await userEvent.clear(time);
    await userEvent.type(time, '15:30');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish Timetable' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/series/3/rounds/11/timetable')).toEqual([
        { sessions: [{ id: 72, name: 'Race', type: 'race', startsAt: '2026-05-03T15:30:00+02:00', durationMinutes: 45 }] },
      ]),
    );
  });

  it('an entrant reads the timetable and what changed, without Edit Timetable', async () => {
    const moved: RoundTimetable = {
      ...published,
      revisions: [
        {
          publishedAt: '2026-04-25T08:00:00.000Z',
          changes: [
            { kind: 'moved', sessionId: 72, name: 'Race', from: '2026-05-03T13:00:00+02:00', to: '2026-05-03T14:00:00+02:00' },
            { kind: 'removed', sessionId: 70, name: 'FP2', from: '2026-05-02T14:30:00+02:00', to: null },
          ],
        },
        ...published.revisions,
      ],
    };
    stubRound(entrant, () => moved);
    renderRemote('/series/3/rounds/11');
    expect(await screen.findByRole('list', { name: 'Sessions on Sat 2 May' })).toHaveTextContent('10:00FP1Practice60 min');
    const changed = screen.getByRole('region', { name: 'What changed' });
    expect(changed).toHaveTextContent('Race moved from Sun 13:00 to Sun 14:00');
    expect(changed).toHaveTextContent('FP2 removed');
    expect(screen.queryByRole('button', { name: 'Edit Timetable' })).not.toBeInTheDocument();
  });

  it("the organiser adds a two-day round ('Last Day (optional)' sent as endsOn); the calendar shows its days as a range", async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': () => json(owner),
      'GET /api/series': () => json([series]),
      'GET /api/series/3': () => json(series),
      'GET /api/series/3/entries': () => json([]),
      'POST /api/series/3/rounds': () => json({ id: 12, name: 'Round 2', location: 'Zandvoort', date: '2026-05-30', endsOn: '2026-05-31' }, 201),
    });
    renderRemote('/series/3');
    expect(await screen.findByText(/Spa-Francorchamps · Sat 2 – Sun 3 May 2026/)).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Add Round' });
    await userEvent.type(within(form).getByLabelText('Round Name'), 'Round 2');
    await userEvent.type(within(form).getByLabelText('Location'), 'Zandvoort');
    await userEvent.type(within(form).getByLabelText('Date'), '2026-05-30');
    await userEvent.type(within(form).getByLabelText('Last Day (optional)'), '2026-05-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Round' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/series/3/rounds')).toEqual([{ name: 'Round 2', location: 'Zandvoort', date: '2026-05-30', endsOn: '2026-05-31' }]),
    );
  });
});
