import { z } from 'zod';

/** Every refused or failed request answers this body; `message` names the failing field. */
export const ErrorAnswer = z.object({ message: z.string() }).meta({ id: 'ErrorAnswer' });
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/**
 * 202 Accepted: a change was stored at `position` (the event store's 'commit/prepare') but the
 * read models did not show it within the read-your-writes timeout; it shows once they catch up.
 * Any route that changes something may answer it.
 */
export const AcceptedAnswer = z.object({ status: z.literal('accepted'), position: z.string(), message: z.string() }).meta({ id: 'AcceptedAnswer' });
export type AcceptedAnswer = z.infer<typeof AcceptedAnswer>;

/** The largest id the read models hold (a PostgreSQL `integer`, 2^31 − 1). */
export const MAX_ID = 2_147_483_647;

/**
 * A whole number written as a URL carries it (path or query): decimal digits only, no sign, no
 * leading zero, no spaces, no '0x1' or '1e3' (each of which `Number()` would read), from `min` to
 * `max`. Answers the number; anything else fails with `message`.
 */
export const wholeNumberText = (message: string, min = 1, max = MAX_ID) =>
  z
    .string({ error: message })
    .regex(/^(0|[1-9][0-9]{0,15})$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

/**
 * An integer id in a path, e.g. `/api/cars/{id}`: the decimal digits of 1 … 2^31 − 1 (`/^[1-9][0-9]*$/`);
 * anything else (letters, '0x1', '1.5', negatives, beyond 2^31 − 1) fails with "{name} must be a positive whole number".
 */
export const idParam = (name: string) => wholeNumberText(`${name} must be a positive whole number`);

/**
 * An id in a JSON body: a JSON number (never a string), whole, 1 … 2^31 − 1, so it fits the
 * read models' integer columns. `message` is the refusal (default: zod's own wording).
 */
export const bodyId = (message?: string) =>
  z
    .number(message === undefined ? undefined : { error: message })
    .int(message)
    .positive(message)
    .max(MAX_ID, message ?? `must be at most ${MAX_ID}`);

/**
 * A body's reference to a race event, the API's `eventId`: an id (see bodyId), or null / left out
 * for none (a setup row of the car's baseline, an issue or image of the car itself); parsed to the
 * id or null.
 */
export const bodyRaceEventId = () => bodyId().nullish().transform((v) => v ?? null);

/** Unicode format characters (category Cf: U+200B zero-width space, U+200C/D joiners, U+2060, U+FEFF …) and whitespace. */
const INVISIBLE_EDGES = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;

/**
 * Trims whitespace AND invisible format characters (Unicode Cf) from both ends, so a name made of
 * zero-width spaces is empty and answers the field's 'required' message. Used as `.overwrite(trimText)`
 * in place of zod's `.trim()` on names and titles.
 */
export const trimText = (value: string): string => value.replace(INVISIBLE_EDGES, '');

/** Optional free text of at most `max` characters (default 200); `null`, '' and invisible-only text all mean "not specified". */
export const optionalText = (max = 200) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v == null || trimText(v) === '' ? null : v));

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string cannot be stored, or null: a NUL character (PostgreSQL text and jsonb refuse it) or
 * an unpaired UTF-16 surrogate ('\ud800' alone: not a Unicode character, refused by jsonb). JSON can
 * carry both (`\u0000`, `\ud800`).
 */
export function unstorableTextReason(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain a NUL character (U+0000)';
  if (LONE_SURROGATE.test(value)) return 'must not contain an unpaired surrogate (not valid Unicode text)';
  return null;
}

/**
 * The first string in a request's parsed JSON, query or params that cannot be stored (see
 * unstorableTextReason), with its path (['items', 2, 'notes']; for an object key, the object's
 * path), or null when every string (and key) is storable.
 */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; reason: string } | null {
  if (typeof value === 'string') {
    const reason = unstorableTextReason(value);
    return reason === null ? null : { path, reason };
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyReason = unstorableTextReason(key);
      if (keyReason !== null) return { path, reason: `a field name ${keyReason}` };
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Request bodies that are read and never stored (see readOnlyBody). */
const readOnlyBodies = new WeakSet<object>();

/**
 * Marks a request body schema as read and never stored (a timing export's text to preview): its
 * strings may hold any character, NUL and lone surrogates included (a photo picked by mistake), so
 * the server's storable-text check (findUnstorableText) leaves it to the schema and the handler.
 * Answers the schema itself.
 */
export function readOnlyBody<T extends object>(schema: T): T {
  readOnlyBodies.add(schema);
  return schema;
}

/** Whether a request body schema was marked with readOnlyBody. */
export const isReadOnlyBody = (schema: unknown): boolean => typeof schema === 'object' && schema !== null && readOnlyBodies.has(schema);

/** A CSS hex colour, '#rgb' or '#rrggbb'. */
export const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'must be a hex colour such as #0F4C81');
