import { z } from 'zod';

/** Every refused or failed request answers this body; `message` names the failing field. */
export const ErrorAnswer = z.object({ message: z.string() }).meta({ id: 'ErrorAnswer' });
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/**
 * An integer id in a path, e.g. `/api/cars/{id}`. Accepts the decimal string a URL carries;
 * anything else (letters, `1.5`, negatives, beyond 2^31-1) fails with "{name} must be a positive whole number".
 */
export const idParam = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .positive(`${name} must be a positive whole number`)
    .max(2_147_483_647, `${name} must be a positive whole number`);

/** Optional free text of at most `max` characters (default 200); `null` and '' both mean "not specified". */
export const optionalText = (max = 200) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v));

/** A calendar date 'YYYY-MM-DD' or a full ISO timestamp (only its date part is kept), or null. */
export const isoDateOrNull = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be an ISO date (YYYY-MM-DD) or null' })
  .nullable()
  .transform((v) => (v == null ? null : v.slice(0, 10)));

/** A CSS hex colour, '#rgb' or '#rrggbb'. */
export const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'must be a hex colour such as #0F4C81');

/** Answer of mutations that return nothing else. */
export const OkAnswer = z.object({ ok: z.literal(true) });
