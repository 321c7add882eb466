import { z } from 'zod';
import { Role } from './auth.ts';
import { idParam, wholeNumberText } from './common.ts';
import { checkedDate } from './dates.ts';
import { Car } from './cars.ts';
import { CornerWeights, Geometry, SetupTargets } from './corner-weights.ts';
import { GearRatio, Suspension, TirePressures } from './setup.ts';
import { SetupSheet } from './setup-sheet.ts';
import { TirePressureTargets } from './tire-pressure-assistant.ts';

/** Sections of a car's record that keep a history. */
export const HistorySection = z.enum(['basic', 'gear-ratios', 'suspension', 'tire-pressures', 'tire-pressure-targets', 'corner-weights', 'setup-sheet', 'setup-targets', 'maintenance', 'checklist', 'issues', 'sessions', 'parts', 'race-plan']);
export type HistorySection = z.infer<typeof HistorySection>;

/** Largest part of an event-store position: PostgreSQL's bigint (2^63 − 1). */
const MAX_POSITION = 9_223_372_036_854_775_807n;

/** GET /api/cars/{carId}/history query: newest first, `before` = a `position` to page back from. */
export const HistoryQuery = z.object({
  eventId: idParam('eventId').optional(),
  section: HistorySection.optional(),
  before: z
    .string()
    .regex(/^\d{1,19}\/\d{1,19}$/, 'before must be a position such as 123/456')
    // zod runs this check even when the pattern failed: only digits reach BigInt (which throws on 'null').
    .refine((v) => v.split('/').every((part) => /^\d+$/.test(part) && BigInt(part) <= MAX_POSITION), 'before must be a position such as 123/456')
    .optional(),
  limit: wholeNumberText('limit must be between 1 and 500', 1, 500).default(100),
});

/** One field's change; `before`/`after` are display texts, null for "none" (row added/removed). */
export const FieldChange = z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() });
export type FieldChange = z.infer<typeof FieldChange>;

/** Who made a change, as they were on the team at that moment. */
export const Actor = z.object({
  userId: z.number().int().nullable(),
  displayName: z.string().nullable(),
  role: Role.nullable(),
  memberColor: z.string().nullable(),
});

/** One recorded change of a car's record. `position` orders entries (commit/prepare of the event store). */
export const HistoryEntry = z
  .object({
    position: z.string(),
    at: z.string(),
    type: z.string(),
    section: HistorySection,
    eventId: z.number().int().nullable(),
    actor: Actor,
    changes: z.array(FieldChange),
  })
  .meta({ id: 'HistoryEntry' });
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** Latest year of an as-of moment: any moment after the last change answers today's setup, so the far future is allowed. */
const LATEST_AS_OF_YEAR = 9999;

/** GET /api/cars/{carId}/setup: `asOf` an ISO date/time, or `eventId` (the moment of that race event's last setup change). */
export const SetupAsOfQuery = z
  .object({
    asOf: checkedDate('date-or-time', { label: 'asOf', latest: LATEST_AS_OF_YEAR }).optional(),
    eventId: idParam('eventId').optional(),
  })
  .refine((q) => (q.asOf === undefined) !== (q.eventId === undefined), { message: 'send exactly one of asOf or eventId' });

const SetupValues = z.object({
  gearRatios: z.array(GearRatio.omit({ id: true, carId: true, eventId: true })),
  suspension: Suspension.omit({ id: true, carId: true, eventId: true }).nullable(),
  tirePressures: z.object({ items: z.array(TirePressures.shape.items.element.omit({ id: true, carId: true, eventId: true, notes: true })), notes: z.string().nullable() }),
  /** The scales (kg) with what follows from them; null when none were recorded. */
  cornerWeights: CornerWeights.omit({ carId: true, eventId: true }).nullable(),
  /** The engineer's setup sheet (per corner, aero, brakes, differential, electronics), nested; `ownFields` by path. */
  setupSheet: SetupSheet.omit({ carId: true, eventId: true }),
  /** Rake, rake angle, wheel rates and ride frequencies from this setup's suspension and scales and the car's geometry. */
  geometry: Geometry,
});
export type SetupValues = z.infer<typeof SetupValues>;

/**
 * A car's whole setup at a moment: basic data, maintenance dates, the baseline setup and, for a
 * race event, its own setup and final drive; the car's target hot pressures (psi, car-wide).
 * `position` is the last event included (null: none).
 */
export const SetupSnapshot = z
  .object({
    carId: z.number().int(),
    position: z.string().nullable(),
    at: z.string().nullable(),
    basic: Car.pick({
      name: true, makeModel: true, year: true, engine: true, transmission: true, weight: true, power: true, color: true, carClass: true, tuningFileUrl: true,
      wheelbaseMm: true, motionRatio: true, unsprungKg: true,
    }),
    maintenance: z.record(z.string(), z.string().nullable()),
    tirePressureTargets: TirePressureTargets,
    /** Target cross weight and front weight, percent (car-wide; null = no target). */
    setupTargets: SetupTargets,
    baseline: SetupValues,
    raceEvent: z
      .object({ id: z.number().int(), name: z.string(), date: z.string(), finalDriveRatio: z.string().nullable(), finalDriveNotes: z.string().nullable(), setup: SetupValues })
      .nullable(),
  })
  .meta({ id: 'SetupSnapshot' });
export type SetupSnapshot = z.infer<typeof SetupSnapshot>;

/** GET /api/cars/{carId}/events/{eventId}/compare/{otherEventId|baseline}: both effective setups and their differences. */
export const SetupComparison = z
  .object({
    left: z.object({ label: z.string(), setup: SetupValues, finalDriveRatio: z.string().nullable() }),
    right: z.object({ label: z.string(), setup: SetupValues, finalDriveRatio: z.string().nullable() }),
    differences: z.array(z.object({ section: HistorySection, field: z.string(), left: z.string().nullable(), right: z.string().nullable() })),
  })
  .meta({ id: 'SetupComparison' });
export type SetupComparison = z.infer<typeof SetupComparison>;
