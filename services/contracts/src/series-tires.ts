import { z } from 'zod';
import { bodyId, trimText } from './common.ts';

/**
 * A series round's tire allocation and register: the organiser sets how many sets each car may
 * register for a round and of which compound; each team registers its sets by the barcode on the
 * supplier's label. The organiser sees barcodes, never the team's tire data.
 */

/** Most sets per car a round may allow. */
export const SETS_PER_CAR_MAX = 40;

/** PUT /api/series/{seriesId}/rounds/{roundId}/tire-allocation (organiser): sets per car (1–40) and the compound (1–40 characters). */
export const PutTireAllocationBody = z.object({
  setsPerCar: z
    .number({ error: `setsPerCar must be a whole number from 1 to ${SETS_PER_CAR_MAX}` })
    .int(`setsPerCar must be a whole number from 1 to ${SETS_PER_CAR_MAX}`)
    .min(1, `setsPerCar must be a whole number from 1 to ${SETS_PER_CAR_MAX}`)
    .max(SETS_PER_CAR_MAX, `setsPerCar must be a whole number from 1 to ${SETS_PER_CAR_MAX}`),
  compound: z.string({ error: 'Compound is required' }).overwrite(trimText).min(1, 'Compound is required').max(40, 'Compound must be at most 40 characters'),
});
export type PutTireAllocationBody = z.input<typeof PutTireAllocationBody>;

/** GET|PUT …/rounds/{roundId}/tire-allocation: the round's allocation; `setsPerCar` and `compound` null while none is set. */
export const TireAllocation = z
  .object({ roundId: z.number().int(), setsPerCar: z.number().int().nullable(), compound: z.string().nullable() })
  .meta({ id: 'TireAllocation' });
export type TireAllocation = z.infer<typeof TireAllocation>;

/** POST …/rounds/{roundId}/tire-register (a member of the entry's team): the entry and one of its team's tire sets (with a barcode). */
export const RegisterTireSetBody = z.object({
  entryId: bodyId('entryId is required'),
  tireSetId: bodyId('tireSetId is required'),
});
export type RegisterTireSetBody = z.input<typeof RegisterTireSetBody>;

/**
 * One registered set: the entry's number and class, the barcode and when it was registered (ISO).
 * `tireSetId` and `tireSetName` only for the caller's own teams' entries (null for the organiser).
 */
export const TireRegisterLine = z.object({
  entryId: z.number().int(),
  number: z.string(),
  class: z.string(),
  barcode: z.string(),
  registeredAt: z.string(),
  tireSetId: z.number().int().nullable(),
  tireSetName: z.string().nullable(),
});
export type TireRegisterLine = z.infer<typeof TireRegisterLine>;

/**
 * GET …/rounds/{roundId}/tire-register: the allocation and the registered sets, by class, number
 * and time — every entry's for the organiser, the caller's own teams' entries' for a team.
 */
export const TireRegister = z
  .object({ allocation: TireAllocation, sets: z.array(TireRegisterLine) })
  .meta({ id: 'TireRegister' });
export type TireRegister = z.infer<typeof TireRegister>;
