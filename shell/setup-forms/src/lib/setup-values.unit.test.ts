import { describe, expect, it } from 'vitest';
import type { Suspension, TirePressures } from '@pitwall/contracts';
import { fieldOf, savedValue, suspensionFormState, suspensionSchema, tireFormState, tireSchema } from './setup-values';

const PSI = { pressureUnit: 'psi', temperatureUnit: 'C' } as const;
const BAR = { pressureUnit: 'bar', temperatureUnit: 'F' } as const;

const pressures: TirePressures = {
  items: [{ id: 1, carId: 7, eventId: null, condition: 'Dry (Hot Target)', frontLeft: '34 psi', frontRight: '2.31 bar', rearLeft: '33 psi', rearRight: '33 psi', notes: null, own: true }],
  notes: null,
};

describe('fieldOf: how a stored value opens', () => {
  it('as a number in the team unit, as text when it is not a number of its kind, empty as a number', () => {
    expect(fieldOf('34 psi', 'pressure', BAR)).toEqual({ mode: 'number', text: '2.34' });
    expect(fieldOf('1.5mm (in)', 'length', PSI)).toEqual({ mode: 'text', text: '1.5mm (in)' });
    expect(fieldOf(null, 'angle', PSI)).toEqual({ mode: 'number', text: '' });
    expect(fieldOf('Medium', 'text', PSI)).toEqual({ mode: 'text', text: 'Medium' });
  });
});

describe('savedValue: the stored text of one field', () => {
  it('keeps the stored text when the field shows what it showed at opening', () => {
    expect(savedValue({ mode: 'number', text: '33.5' }, '33.5', '2.31 bar', 'pressure', PSI, 'Front Right')).toEqual({ ok: true, value: '2.31 bar' });
  });
  it('formats a changed number with the entry unit; blank is null; a lone sign is blank', () => {
    expect(savedValue({ mode: 'number', text: '2.2' }, '2.07', '30 psi', 'pressure', BAR, 'Front Left')).toEqual({ ok: true, value: '2.2 bar' });
    expect(savedValue({ mode: 'number', text: '' }, '75', '75mm', 'length', PSI, 'Front Ride Height')).toEqual({ ok: true, value: null });
    expect(savedValue({ mode: 'number', text: '-' }, '-2.8', '-2.8°', 'angle', PSI, 'Front Camber')).toEqual({ ok: true, value: null });
  });
  it('saves text fields as typed and refuses text in a number field', () => {
    expect(savedValue({ mode: 'text', text: '1.2mm (out)' }, '', null, 'text', PSI, 'Front Toe')).toEqual({ ok: true, value: '1.2mm (out)' });
    expect(savedValue({ mode: 'number', text: 'soft' }, '', null, 'springRate', PSI, 'Front Spring Rate')).toEqual({ ok: false, message: 'Front Spring Rate must be a number in N/mm' });
  });
});

describe('tireSchema', () => {
  it('answers the opened rows unchanged (changed: false) when nothing was touched, in any team unit', () => {
    for (const units of [PSI, BAR]) {
      const result = tireSchema(pressures, units).safeParse(tireFormState(pressures, units));
      expect(result.data).toEqual({ changed: false, body: { items: [{ condition: 'Dry (Hot Target)', frontLeft: '34 psi', frontRight: '2.31 bar', rearLeft: '33 psi', rearRight: '33 psi' }], notes: null } });
    }
  });

  it('drops the untouched default rows of an empty answer, so an empty form saves nothing new', () => {
    expect(tireSchema(undefined, PSI).safeParse(tireFormState(undefined, PSI)).data).toEqual({ changed: false, body: { items: [], notes: null } });
  });

  it("puts the missing corners of a partly filled row on that row's fields", () => {
    const state = tireFormState(undefined, PSI);
    state.rows[1]!.corners.frontLeft = { mode: 'number', text: '34' };
    const result = tireSchema(undefined, PSI).safeParse(state);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['rows', 1, 'corners', 'frontRight'], message: 'Front right pressure is required' },
      { path: ['rows', 1, 'corners', 'rearLeft'], message: 'Rear left pressure is required' },
      { path: ['rows', 1, 'corners', 'rearRight'], message: 'Rear right pressure is required' },
    ]);
  });
});

describe('suspensionSchema', () => {
  const suspension = { id: 1, carId: 7, eventId: null, frontCamber: '-2.8°', frontRideHeight: '120mm', notes: null } as unknown as Suspension;

  it('is unchanged when nothing was touched; blanks stay null', () => {
    const result = suspensionSchema(suspension, PSI).safeParse(suspensionFormState(suspension, PSI));
    expect(result.data?.changed).toBe(false);
    expect(result.data?.body).toMatchObject({ frontCamber: '-2.8°', frontRideHeight: '120mm', rearCamber: null, notes: null });
  });

  it('saves a changed camber with the degree sign and keeps the rest', () => {
    const state = suspensionFormState(suspension, PSI);
    state.fields.frontCamber = { mode: 'number', text: '-3.1' };
    const result = suspensionSchema(suspension, PSI).safeParse(state);
    expect(result.data).toMatchObject({ changed: true, body: { frontCamber: '-3.1°', frontRideHeight: '120mm' } });
  });
});
