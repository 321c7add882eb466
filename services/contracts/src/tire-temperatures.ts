import { z } from 'zod';
import { checkedDate } from './dates.ts';
import { type TireTemperatureTargetsValue } from './values/tire-temperatures.ts';

export * from './values/tire-temperatures.ts';

const celsius = z.number({ error: 'must be a temperature from 0 to 200 °C' }).min(0, 'must be from 0 to 200 °C').max(200, 'must be from 0 to 200 °C');
/** One tire's tread temperatures, °C (0–200): inner edge, middle, outer edge. */
export const TreadTemperaturesBody = z.object({ innerC: celsius, middleC: celsius, outerC: celsius });

/**
 * PUT …/sessions/{sessionId}/tire-temperatures: the four tires' tread temperatures (°C), when they
 * were taken (ISO date-time, optional) and after which stint (1-based, optional; left out = after the
 * run). A session holds one reading per stint: a PUT for a stint already read replaces that reading.
 */
export const PutSessionTireTemperaturesBody = z.object({
  corners: z.object({ fl: TreadTemperaturesBody, fr: TreadTemperaturesBody, rl: TreadTemperaturesBody, rr: TreadTemperaturesBody }),
  measuredAt: checkedDate('date-time', { label: 'measuredAt' }).nullish().transform((v) => v ?? null),
  stint: z.number({ error: 'must be a stint number from 1 to 99' }).int('must be a stint number from 1 to 99').min(1, 'must be a stint number from 1 to 99').max(99, 'must be a stint number from 1 to 99').nullish().transform((v) => v ?? null),
});
export type PutSessionTireTemperaturesBody = z.input<typeof PutSessionTireTemperaturesBody>;

const Reading = z.object({ spreadC: z.number(), middleVsEdgesC: z.number(), camber: z.enum(['more negative', 'less negative', 'ok']), pressure: z.enum(['lower', 'raise', 'ok']) });
const CornerAnswer = z.object({ innerC: z.number(), middleC: z.number(), outerC: z.number(), reading: Reading });

/** One reading of a session as answered: the temperatures (°C) with what each tire's say (readTireTemperatures against the car's targets). */
export const SessionTireTemperatures = z
  .object({
    stint: z.number().int().nullable(),
    measuredAt: z.string().nullable(),
    corners: z.object({ fl: CornerAnswer, fr: CornerAnswer, rl: CornerAnswer, rr: CornerAnswer }),
  })
  .meta({ id: 'SessionTireTemperatures' });
export type SessionTireTemperatures = z.infer<typeof SessionTireTemperatures>;

const targetC = (max: number) => z.number({ error: `must be a number of °C from 0 to ${max}` }).min(0, `must be from 0 to ${max} °C`).max(max, `must be from 0 to ${max} °C`);

/** PUT /api/cars/{carId}/tire-temperature-targets: the spread range (°C, min ≤ max) and the middle's tolerance (°C). */
export const PutTireTemperatureTargetsBody = z
  .object({ spreadMinC: targetC(50), spreadMaxC: targetC(50), middleToleranceC: targetC(20) })
  .refine((t) => t.spreadMinC <= t.spreadMaxC, { message: 'must not be below spreadMinC', path: ['spreadMaxC'] });
export type PutTireTemperatureTargetsBody = z.input<typeof PutTireTemperatureTargetsBody>;

/** GET|PUT /api/cars/{carId}/tire-temperature-targets answer, °C; the defaults until the car sets its own. */
export const TireTemperatureTargets = z
  .object({ spreadMinC: z.number(), spreadMaxC: z.number(), middleToleranceC: z.number() })
  .meta({ id: 'TireTemperatureTargets' }) satisfies z.ZodType<TireTemperatureTargetsValue>;
