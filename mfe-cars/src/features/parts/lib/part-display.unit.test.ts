import { describe, expect, it } from 'vitest';
import type { Part } from '@pitwall/contracts';
import { formatDistance, lifeFigures } from './part-display';

const clutch: Part = {
  id: 1, teamId: 1, name: 'Clutch', category: 'clutch', partNumber: null, serialNumber: null, notes: null, carId: 7,
  limits: { km: 2500, hours: null, laps: null, expiresOn: '2027-04-30' }, usedBefore: { km: 2050, hours: 0, laps: 0 },
  used: { km: 2263.5, hours: 1.7, laps: 58 }, sinceNew: { km: 2263.5, hours: 1.7, laps: 58 },
  remaining: { km: 236.5, hours: null, laps: null, days: 0 }, status: 'overdue', lastServicedAt: null, createdAt: '2026-03-01T17:00:00.000Z',
};

describe('part figures as shown', () => {
  it('shows distances in the team unit with one decimal, hours with two, laps whole, and the expiry in days', () => {
    expect(lifeFigures(clutch)).toEqual([
      { label: 'Distance', used: '2263.5 km', limit: '2500.0 km', remaining: '236.5 km left' },
      { label: 'Running time', used: '1.70 h', limit: null, remaining: null },
      { label: 'Laps', used: '58 laps', limit: null, remaining: null },
      { label: 'Expires', used: '2027-04-30', limit: null, remaining: 'expires today' },
    ]);
    expect(lifeFigures(clutch, 'mi')[0]).toEqual({ label: 'Distance', used: '1406.5 mi', limit: '1553.4 mi', remaining: '147.0 mi left' });
    expect(lifeFigures({ ...clutch, remaining: { ...clutch.remaining, km: -10 } })[0]!.remaining).toBe('10.0 km over');
    expect(formatDistance(80, 'mi')).toBe('49.7 mi');
  });
});
