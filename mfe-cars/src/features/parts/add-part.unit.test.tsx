import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { makeCar, renderRemote, user } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

describe("'Add Part' in the parts store", () => {
  it("shows the contract's messages on the fields they are about, then POSTs the part with its limits as numbers", async () => {
    const mock = stubFetch({
      'GET /api/auth/user': () => json(user),
      'GET /api/cars': () => json([makeCar()]),
      'GET /api/teams/1/parts': () => json([]),
      'POST /api/teams/1/parts': (body) => json({ id: 9, ...(body as object) }, 201),
    });
    renderRemote('/parts?team=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Part' }));
    const form = within(await screen.findByRole('form', { name: 'Add Part' }));
    expect(form.getByLabelText('Lap limit')).toHaveAttribute('inputmode', 'numeric');
    expect(form.getByLabelText('Distance limit (km)')).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(form.getByLabelText('Distance limit (km)'), '-5');
    await userEvent.type(form.getByLabelText('Already used (laps)'), '2.5');
    await userEvent.click(form.getByRole('button', { name: 'Add Part' }));
    expect(await form.findByText('Part name is required')).toBeInTheDocument();
    expect(form.getByLabelText('Distance limit (km)')).toHaveAccessibleErrorMessage('must be a number greater than 0 (km)');
    expect(form.getByLabelText('Already used (laps)')).toHaveAccessibleErrorMessage('must be a whole number of laps');
    expect(callsTo(mock, 'POST', '/api/teams/1/parts')).toEqual([]);

    await userEvent.type(form.getByLabelText('Part name'), 'Clutch');
    await userEvent.clear(form.getByLabelText('Distance limit (km)'));
    await userEvent.type(form.getByLabelText('Distance limit (km)'), '100,5');
    await userEvent.clear(form.getByLabelText('Already used (laps)'));
    await userEvent.click(form.getByRole('button', { name: 'Add Part' }));
    await waitFor(() =>
      expect(callsTo(mock, 'POST', '/api/teams/1/parts')).toEqual([
        expect.objectContaining({ name: 'Clutch', category: 'engine', carId: null, limits: expect.objectContaining({ km: 100.5, laps: null }), usedBefore: expect.objectContaining({ laps: 0 }) }),
      ]),
    );
  });
});
