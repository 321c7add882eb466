import { countIssueStatuses, formatRaceEventDate, gearCountText, previousRaceEvent, shownWeather, todayIsoDate } from './race-event-format';

describe('countIssueStatuses', () => {
  it('counts the lowercase statuses the API answers (not the capitalised ones of the original product)', () => {
    const issues = [
      { status: 'open' as const },
      { status: 'open' as const },
      { status: 'in-progress' as const },
      { status: 'resolved' as const },
      { status: 'resolved' as const },
      { status: 'resolved' as const },
    ];
    expect(countIssueStatuses(issues)).toEqual({ open: 2, inProgress: 1, resolved: 3 });
  });

  it('ignores capitalised values and answers zeros for no issues', () => {
    expect(countIssueStatuses([])).toEqual({ open: 0, inProgress: 0, resolved: 0 });
    expect(countIssueStatuses([{ status: 'Open' as never }, { status: 'In Progress' as never }])).toEqual({ open: 0, inProgress: 0, resolved: 0 });
  });
});

describe('formatRaceEventDate', () => {
  it("formats the answered timestamp's calendar date as 'MMMM d, yyyy'", () => {
    expect(formatRaceEventDate('2026-03-21T00:00:00.000Z')).toBe('March 21, 2026');
    expect(formatRaceEventDate('2026-12-05')).toBe('December 5, 2026');
  });
});

describe('todayIsoDate', () => {
  it('answers the local calendar date', () => {
    expect(todayIsoDate(new Date(2026, 2, 9, 23, 30))).toBe('2026-03-09');
  });
});

describe('previousRaceEvent', () => {
  const events = [
    { id: 3, date: '2026-06-13T00:00:00.000Z' },
    { id: 1, date: '2026-03-21T00:00:00.000Z' },
    { id: 2, date: '2026-04-11T00:00:00.000Z' },
    { id: 4, date: '2026-04-11T00:00:00.000Z' },
  ];
  it('is the latest race event dated before, whatever the list order', () => {
    expect(previousRaceEvent(events, events[0]!)?.id).toBe(4);
  });
  it('on the same day, the one created before', () => {
    expect(previousRaceEvent(events, events[3]!)?.id).toBe(2);
    expect(previousRaceEvent(events, events[2]!)?.id).toBe(1);
  });
  it('is null for the first race event', () => {
    expect(previousRaceEvent(events, events[1]!)).toBeNull();
  });
});

describe('gearCountText', () => {
  it('counts the final drive apart from the gears', () => {
    expect(gearCountText(['1st', '2nd', '3rd', '4th', '5th', '6th', 'Final Drive'])).toBe('6 gears + final drive configured');
  });

  it('names a final drive alone as such', () => {
    expect(gearCountText(['Final Drive'])).toBe('Final drive configured');
  });

  it('names one gear without a final drive as such', () => {
    expect(gearCountText(['1st'])).toBe('1 gear configured');
  });
});

describe('shownWeather', () => {
  it("shows the latest session's weather over the race event's", () => {
    expect(shownWeather(null, [{ weather: 'Sunny' }, { weather: 'Overcast' }, { weather: null }])).toBe('Overcast');
    expect(shownWeather('Dry, 12°C', [{ weather: 'Overcast' }])).toBe('Overcast');
  });

  it("keeps the race event's weather while no session recorded any", () => {
    expect(shownWeather('Dry, 12°C', [{ weather: null }])).toBe('Dry, 12°C');
    expect(shownWeather('  ', undefined)).toBeNull();
  });
});
