import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Part, PartLifeEntry } from '@pitwall/contracts';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { makeCar, renderRemote, user } from '../../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const gearbox: Part = {
  id: 5, teamId: 1, name: 'Gearbox', category: 'gearbox', partNumber: null, serialNumber: null, notes: null, carId: 7,
  limits: { km: 5000, hours: null, laps: null, expiresOn: null }, usedBefore: { km: 0, hours: 0, laps: 0 },
  used: { km: 0, hours: 0, laps: 0 }, sinceNew: { km: 0, hours: 0, laps: 0 }, remaining: { km: 5000, hours: null, laps: null, days: null },
  status: 'ok', lastServicedAt: null, createdAt: '2026-04-01T08:00:00.000Z',
};
const fitted: PartLifeEntry = { at: '2026-04-02T15:00:00.000Z', kind: 'fitted', carId: 7, notes: null };

function stubPart(part: Part) {
  return stubFetch({
    'GET /api/auth/user': () => json(user),
    'GET /api/cars': () => json([makeCar()]),
    'GET /api/teams/1/parts/5': () => json(part),
    'GET /api/teams/1/parts/5/life': () => json(part.carId === null ? [] : [fitted]),
    'PATCH /api/teams/1/parts/5/fit': () => json(part),
  });
}

describe("a part's page", () => {
  it("corrects the date of the part's current fit: the field starts at the recorded date, Save sends the corrected one (and nothing when unchanged)", async () => {
    const mock = stubPart(gearbox);
    renderRemote('/parts/5?team=1');
    const field = await screen.findByLabelText('Fit date');
    expect(new Date((field as HTMLInputElement).value).toISOString()).toBe(fitted.at);
    // Saved unchanged: nothing is sent (the single call below is the corrected date's).
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.clear(field);
    await userEvent.type(field, '2026-04-02T13:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(mock, 'PATCH', '/api/teams/1/parts/5/fit')).toEqual([{ at: new Date('2026-04-02T13:00').toISOString() }]));
    expect(await screen.findByText('Fit date corrected')).toBeInTheDocument();
  });

  it('offers no fit date to correct for a part on the shelf', async () => {
    stubPart({ ...gearbox, carId: null });
    renderRemote('/parts/5?team=1');
    expect(await screen.findByText(/On the shelf/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Fit date')).not.toBeInTheDocument();
  });
});
