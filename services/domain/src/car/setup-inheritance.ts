import type { GearRatioValue, SuspensionValue, TirePressureValue } from './car.ts';

/**
 * Setup inheritance: a race event's EFFECTIVE setup is the car's baseline overridden by
 * what was changed for that race event (its OWN setup). These pure functions are the only place
 * the rules live; the decider (what to store), the read side (what to answer) and the audit
 * (as-of, compare) all call them.
 *
 * - Suspension & alignment, per FIELD: an own value (non-null) overrides the baseline's; null means
 *   "inherit the baseline's value". Race-event suspensions stored before inheritance existed
 *   (complete copies or partial ones) read the same way: their non-null fields are own, their blank
 *   fields inherit. A save carries the complete values the form showed (the effective ones); a
 *   field is stored as own when it differs from the baseline or was already own. Clearing a field
 *   (null) returns it to the baseline's value: a race event cannot blank a baseline value.
 * - Tire pressures, per ROW matched by `condition`; gear ratios, per ROW matched by `name`: a race
 *   event row that differs from the baseline row of its key, or whose key the baseline lacks, is
 *   own; every other row is the baseline's. A race event cannot delete a baseline row (leaving it
 *   out of a save inherits it). The tire pressures' shared note is own when set (not null) and
 *   different from the baseline's.
 * - Final drive: the race event's final drive ratio (race event aggregate `finalDriveRatio`), when
 *   set, is the effective ratio of the 'Final Drive' gear row.
 */

/** The suspension fields in display order (front six, rear six, notes). */
export const SUSPENSION_FIELDS = [
  'frontRideHeight', 'frontSpringRate', 'frontDamperSetting', 'frontCamber', 'frontToe', 'frontAntiRollBar',
  'rearRideHeight', 'rearSpringRate', 'rearDamperSetting', 'rearCamber', 'rearToe', 'rearAntiRollBar', 'notes',
] as const satisfies readonly (keyof SuspensionValue)[];
export type SuspensionField = (typeof SUSPENSION_FIELDS)[number];

/** Name of the gear row the race event's final drive ratio overrides (the default gear names, docs/product.md, 'Gear ratios'). */
export const FINAL_DRIVE_GEAR = 'Final Drive';

const blankSuspension = (): SuspensionValue => ({
  frontRideHeight: null, frontSpringRate: null, frontDamperSetting: null, frontCamber: null, frontToe: null, frontAntiRollBar: null,
  rearRideHeight: null, rearSpringRate: null, rearDamperSetting: null, rearCamber: null, rearToe: null, rearAntiRollBar: null, notes: null,
});

/** A setup section's values with the names of the fields that are the race event's own (baseline: every field with a value). */
export interface EffectiveFields<V, F extends keyof V> {
  values: V;
  ownFields: F[];
}

/**
 * The effective values of a per-field section (suspension, corner weights) for a race event: per
 * field the own value when not null, else the baseline's. Null when neither exists. For the
 * baseline itself call it with `own` = the baseline and `baseline` = null: every field with a
 * value is then "own". `blank` is the section with every field null.
 */
export function effectiveFields<V extends { [K in F]: unknown }, F extends keyof V>(fields: readonly F[], blank: V, baseline: V | null, own: V | null): EffectiveFields<V, F> | null {
  if (!baseline && !own) return null;
  const values = { ...blank };
  const ownFields: F[] = [];
  for (const f of fields) {
    const mine = own?.[f] ?? null;
    values[f] = (mine ?? baseline?.[f] ?? null) as V[F];
    if (mine !== null) ownFields.push(f);
  }
  return { values, ownFields };
}

/**
 * What a race event stores as its own values of a per-field section when a form with the
 * complete (effective) values `submitted` is saved: a field is own when it differs from the
 * baseline or was already own (`currentOwn` non-null); everything else is null (inherited). A null
 * submitted value is null.
 */
export function ownFieldValues<V extends { [K in F]: unknown }, F extends keyof V>(fields: readonly F[], blank: V, baseline: V | null, currentOwn: V | null, submitted: V): V {
  const own = { ...blank };
  for (const f of fields) {
    const value = submitted[f] ?? null;
    const alreadyOwn = (currentOwn?.[f] ?? null) !== null;
    own[f] = (value !== (baseline?.[f] ?? null) || alreadyOwn ? value : null) as V[F];
  }
  return own;
}

/** A suspension with the names of the fields that are the race event's own (baseline: every field with a value). */
export type EffectiveSuspension = EffectiveFields<SuspensionValue, SuspensionField>;

/** The effective suspension of a race event ({@link effectiveFields}); null when neither exists. */
export const effectiveSuspension = (baseline: SuspensionValue | null, own: SuspensionValue | null): EffectiveSuspension | null =>
  effectiveFields(SUSPENSION_FIELDS, blankSuspension(), baseline, own);

/** What a race event stores as its own suspension ({@link ownFieldValues}). */
export const ownSuspensionValues = (baseline: SuspensionValue | null, currentOwn: SuspensionValue | null, submitted: SuspensionValue): SuspensionValue =>
  ownFieldValues(SUSPENSION_FIELDS, blankSuspension(), baseline, currentOwn, submitted);

/** True when every field of `a` equals that of `b` (field by field: key order does not matter). */
export const sameSuspension = (a: SuspensionValue, b: SuspensionValue) => SUSPENSION_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));

/** True when no field holds a value (a suspension that overrides nothing). */
export const isBlankSuspension = (values: SuspensionValue) => SUSPENSION_FIELDS.every((f) => values[f] === null);

/** How rows of one setup section are matched and compared: the key (gear `name`, tire `condition`) and equality of the values. */
export interface RowRule<R> {
  key(row: R): string;
  same(a: R, b: R): boolean;
}

/** Gear ratio rows match by `name`; ratio, speed (kph) and notes are compared. */
export const gearRowRule: RowRule<Omit<GearRatioValue, 'id'>> = {
  key: (r) => r.name,
  same: (a, b) => a.ratio === b.ratio && a.speedAtMaxRpm === b.speedAtMaxRpm && a.notes === b.notes,
};

/** Tire pressure rows match by `condition`; the four corner pressures are compared. */
export const tireRowRule: RowRule<Omit<TirePressureValue, 'id'>> = {
  key: (r) => r.condition,
  same: (a, b) => a.frontLeft === b.frontLeft && a.frontRight === b.frontRight && a.rearLeft === b.rearLeft && a.rearRight === b.rearRight,
};

/** One row of an effective setup and whether it is the race event's own. */
export interface EffectiveRow<R> {
  row: R;
  own: boolean;
}

/**
 * The effective rows of a race event: the baseline's rows in their order, each replaced by the
 * own row of the same key when there is one (own when it differs), then the own rows whose key
 * the baseline lacks (own). Without own rows: the baseline, nothing own.
 */
export function effectiveRows<R extends B, B>(rule: RowRule<B>, baseline: readonly R[], own: readonly R[]): EffectiveRow<R>[] {
  const unused = [...own];
  const take = (key: string) => {
    const i = unused.findIndex((r) => rule.key(r) === key);
    return i < 0 ? undefined : unused.splice(i, 1)[0];
  };
  const merged = baseline.map((base) => {
    const mine = take(rule.key(base));
    return mine === undefined ? { row: base, own: false } : { row: mine, own: !rule.same(mine, base) };
  });
  return [...merged, ...unused.map((row) => ({ row, own: true }))];
}

/**
 * What a race event stores as its own rows when the complete (effective) list `submitted` is
 * saved: the rows that differ from the baseline row of their key or whose key the baseline lacks.
 */
export function ownRows<R extends B, B>(rule: RowRule<B>, baseline: readonly R[], submitted: readonly R[]): R[] {
  return submitted.filter((row) => {
    const base = baseline.find((b) => rule.key(b) === rule.key(row));
    return base === undefined || !rule.same(row, base);
  });
}

/** The race event's shared tire note: the own note when set, else the baseline's. */
export const effectiveNote = (baseline: string | null, own: string | null) => ({ notes: own ?? baseline, own: own !== null });

/** The note a race event stores: the submitted note when it differs from the baseline's, else null (inherited). */
export const ownNote = (baseline: string | null, submitted: string | null) => (submitted !== baseline ? submitted : null);

/**
 * Applies the race event's final drive ratio (text, e.g. '2.866'; null = not set) to effective
 * gear rows: the 'Final Drive' row takes it, and is own when it then differs from the baseline's
 * 'Final Drive' row. Rows are not added: a car without a 'Final Drive' row keeps its list.
 */
export function withRaceFinalDrive<R extends { name: string; ratio: string }>(rows: EffectiveRow<R>[], baseline: readonly R[], finalDriveRatio: string | null): EffectiveRow<R>[] {
  if (finalDriveRatio === null) return rows;
  const baseRatio = baseline.find((r) => r.name === FINAL_DRIVE_GEAR)?.ratio;
  return rows.map((r) => (r.row.name === FINAL_DRIVE_GEAR ? { row: { ...r.row, ratio: finalDriveRatio }, own: r.own || finalDriveRatio !== baseRatio } : r));
}
