import { daysAgoText, maintenanceRecency } from './maintenance-recency';

const now = new Date(2026, 10, 20, 15, 0, 0); // Nov 20, 2026, 15:00 local

describe('maintenanceRecency: the colour of a maintenance date by its days ago', () => {
  it('is grey with no days for no date', () => {
    expect(maintenanceRecency(null, now)).toEqual({ daysAgo: null, tone: 'grey' });
    expect(maintenanceRecency('', now)).toEqual({ daysAgo: null, tone: 'grey' });
    expect(maintenanceRecency('not a date', now)).toEqual({ daysAgo: null, tone: 'grey' });
  });

  it('rounds the absolute difference up', () => {
    expect(maintenanceRecency('2026-11-20', now).daysAgo).toBe(1); // 15 hours → 1
    expect(maintenanceRecency('2026-11-19', now).daysAgo).toBe(2);
    expect(maintenanceRecency('2026-11-22', now).daysAgo).toBe(2); // future: 33 hours → 2
    expect(maintenanceRecency('2026-11-20', new Date(2026, 10, 20)).daysAgo).toBe(0);
  });

  it('is green under 30 days, yellow under 90, red from 90', () => {
    const at = (daysBefore: number) => maintenanceRecency('2026-11-20', new Date(2026, 10, 20 + daysBefore));
    expect(at(29).tone).toBe('green');
    expect(at(30).tone).toBe('yellow');
    expect(at(89).tone).toBe('yellow');
    expect(at(90).tone).toBe('red');
    expect(at(400)).toEqual({ daysAgo: 400, tone: 'red' });
  });

  it('words the days', () => {
    expect(daysAgoText(1)).toBe('1 day ago');
    expect(daysAgoText(12)).toBe('12 days ago');
  });
});
