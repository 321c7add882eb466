import { z } from 'zod';
import { optionalText } from './common.ts';

export * from './values/setup-sheet.ts';

/**
 * The engineer's setup sheet over the API: per corner the alignment, ride height, springs, bump
 * stops, packers and dampers; anti-roll bars, aero, brakes, differential, electronics, ballast and
 * notes. Every number is nullable (null = not recorded; for a race event: inherited from the
 * car's baseline). Units: degrees (camber, caster, rear wing), mm (toe, ride height, bump-stop gap,
 * packers, gurney), N/mm (spring rate), Nm (diff preload), kg (ballast), % to the front (brake
 * bias), clicks from closed (dampers, whole numbers). Ranges below are wide enough for any racing
 * car and refuse what is surely a typo or a unit mix-up (a spring rate in lbf/in would fit, one in
 * N/m would not).
 */

/** A number from `min` to `max` in `unit`, or null; the message names the range. */
const num = (min: number, max: number, unit: string, whole = false) => {
  const range = `from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}${unit}`;
  const base = z.number({ error: `must be a number ${range}, or null` });
  return (whole ? base.int(`must be a whole number of clicks ${range}`) : base)
    .min(min, `must be ${range}`)
    .max(max, `must be ${range}`)
    .nullish()
    .transform((v) => v ?? null);
};

/** Ranges of the sheet's numbers, by field: [min, max, unit]. */
export const SETUP_SHEET_RANGES = {
  camberDeg: [-10, 5, '°'],
  toeMm: [-20, 20, ' mm'],
  casterDeg: [0, 20, '°'],
  rideHeightMm: [0, 300, ' mm'],
  springRateNmm: [0, 1000, ' N/mm'],
  bumpStopGapMm: [0, 200, ' mm'],
  packersMm: [0, 100, ' mm'],
  clicks: [0, 100, ' clicks'],
  rearWingDeg: [-10, 40, '°'],
  gurneyMm: [0, 100, ' mm'],
  biasFrontPercent: [0, 100, ' %'],
  preloadNm: [0, 1000, ' Nm'],
  ballastKg: [0, 500, ' kg'],
} as const satisfies Record<string, readonly [number, number, string]>;

const r = (k: keyof typeof SETUP_SHEET_RANGES, whole = false) => num(SETUP_SHEET_RANGES[k][0], SETUP_SHEET_RANGES[k][1], SETUP_SHEET_RANGES[k][2], whole);
const text = () => optionalText(100);
/** Leaving a group out is the same as sending it with every value null. */
const group = <T extends z.ZodRawShape>(shape: T) => z.object(shape).nullish().transform((v) => v ?? z.object(shape).parse({}));

const Damper = group({ lowSpeedBump: r('clicks', true), highSpeedBump: r('clicks', true), lowSpeedRebound: r('clicks', true), highSpeedRebound: r('clicks', true) });
const Corner = group({
  camberDeg: r('camberDeg'),
  /** Positive = toe in. */
  toeMm: r('toeMm'),
  casterDeg: r('casterDeg'),
  rideHeightMm: r('rideHeightMm'),
  springRateNmm: r('springRateNmm'),
  bumpStopGapMm: r('bumpStopGapMm'),
  packersMm: r('packersMm'),
  damper: Damper,
});

const sheetShape = {
  corners: group({ fl: Corner, fr: Corner, rl: Corner, rr: Corner }),
  antiRollBars: group({ front: text(), rear: text() }),
  aero: group({ rearWingDeg: r('rearWingDeg'), splitter: text(), gurneyMm: r('gurneyMm') }),
  brakes: group({ biasFrontPercent: r('biasFrontPercent'), padsFront: text(), padsRear: text() }),
  differential: group({ preloadNm: r('preloadNm'), rampPower: text(), rampCoast: text() }),
  electronics: group({ tcMap: text(), absMap: text(), engineMap: text() }),
  ballastKg: r('ballastKg'),
  notes: optionalText(2000),
};

/**
 * PUT /api/cars/{carId}/setup-sheet and …/events/{eventId}/setup-sheet: the complete sheet the form
 * showed (for a race event its effective values; what equals the baseline stays inherited). Units
 * and ranges as above; a value out of range is a 400 naming its path ('corners.fl.camberDeg').
 */
export const PutSetupSheetBody = z.object(sheetShape).meta({ id: 'PutSetupSheetBody' });
export type PutSetupSheetBody = z.input<typeof PutSetupSheetBody>;

const n = z.number().nullable();
const t = z.string().nullable();
const CornerAnswer = z.object({
  camberDeg: n, toeMm: n, casterDeg: n, rideHeightMm: n, springRateNmm: n, bumpStopGapMm: n, packersMm: n,
  damper: z.object({ lowSpeedBump: n, highSpeedBump: n, lowSpeedRebound: n, highSpeedRebound: n }),
});

/**
 * GET|PUT answer: the car's sheet (`eventId` null; `ownFields` = every field with a value) or a
 * race event's EFFECTIVE sheet (per field its own value, else the baseline's; `ownFields` = its own,
 * by path). Every key present, null = not recorded.
 */
export const SetupSheet = z
  .object({
    carId: z.number().int(),
    eventId: z.number().int().nullable(),
    corners: z.object({ fl: CornerAnswer, fr: CornerAnswer, rl: CornerAnswer, rr: CornerAnswer }),
    antiRollBars: z.object({ front: t, rear: t }),
    aero: z.object({ rearWingDeg: n, splitter: t, gurneyMm: n }),
    brakes: z.object({ biasFrontPercent: n, padsFront: t, padsRear: t }),
    differential: z.object({ preloadNm: n, rampPower: t, rampCoast: t }),
    electronics: z.object({ tcMap: t, absMap: t, engineMap: t }),
    ballastKg: n,
    notes: t,
    ownFields: z.array(z.string()),
  })
  .meta({ id: 'SetupSheet' });
export type SetupSheet = z.infer<typeof SetupSheet>;
