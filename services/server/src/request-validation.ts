import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { findUnstorableText, isReadOnlyBody } from '@pitwall/contracts';

/** The marker fastify-type-provider-zod puts on its validation issues; the error handler maps them to 400 `{ message }`. */
const VALIDATION_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

/** One validation issue in the shape the error handler reads (`instancePath` '/items/2/notes', `message`). */
function refusal(path: readonly (string | number)[], message: string) {
  return { error: [{ [VALIDATION_ISSUE]: true, keyword: 'custom', instancePath: `/${path.join('/')}`, schemaPath: '#', message, params: {} }] };
}

/** The parts of a zod definition this walk reads (zod 4's `_zod.def`). */
interface SchemaDef {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The path of the first key of `value` (at any depth) that its object schema does not name, or
 * null. Looks through optional, nullable, default, readonly, catch and pipe (its input side);
 * objects that allow extra keys (a catchall other than never) and unions are not checked.
 */
function findUnknownKey(schema: z.core.$ZodType, value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  const def = schema._zod.def as SchemaDef;
  switch (def.type) {
    case 'object': {
      if (!isPlainObject(value) || (def.catchall && def.catchall._zod.def.type !== 'never')) return null;
      for (const [key, item] of Object.entries(value)) {
        const field = def.shape![key];
        const found = field ? findUnknownKey(field, item, [...path, key]) : [...path, key];
        if (found) return found;
      }
      return null;
    }
    case 'array':
      if (!Array.isArray(value)) return null;
      for (const [index, item] of value.entries()) {
        const found = findUnknownKey(def.element!, item, [...path, index]);
        if (found) return found;
      }
      return null;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return findUnknownKey(def.innerType!, value, path);
    case 'pipe':
      return findUnknownKey(def.in!, value, path);
    default:
      return null;
  }
}

/**
 * The API's validator compiler: fastify-type-provider-zod's, after two checks zod's object schemas
 * do not make. (1) No string of the params, query or body (nor a body's key) holds a NUL or an
 * unpaired surrogate — PostgreSQL cannot store them, so they would fail as a 500 after the command
 * was decided (a body read and never stored, marked with readOnlyBody, may hold them). (2) A JSON body has no key its schema does not name, at any depth: an unknown key is
 * a client's mistake (`{ "a": {} }` to a whole-object PUT would otherwise clear every field), never
 * silently dropped; nor is an empty object as a PUT's body. Each answers 400 naming the field, before
 * any handler runs.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const unstorable = route.httpPart === 'body' && isReadOnlyBody(route.schema) ? null : findUnstorableText(data);
    if (unstorable) return refusal(unstorable.path, unstorable.reason);
    if (route.httpPart === 'body') {
      const unknownKey = findUnknownKey(route.schema, data);
      if (unknownKey) return refusal(unknownKey, 'unknown field');
      if (route.method === 'PUT' && isPlainObject(data) && Object.keys(data).length === 0) {
        return refusal([], 'The body names no field: send the complete values to store (an empty object would clear them all)');
      }
    }
    return validate(data);
  };
};
