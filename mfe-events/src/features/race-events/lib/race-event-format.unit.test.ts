import { countIssueStatuses, formatRaceEventDate, todayIsoDate } from './race-event-format';

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
