import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The JSON Schema (draft-07) of a zod response schema, as the route's answer is written, or null when
 * zod cannot express it as one (transforms, codecs, dates: `unrepresentable: 'throw'`).
 */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return json;
  } catch {
    return null;
  }
}

/**
 * Fastify serializer compiler for zod response schemas (issue 16, reads at the framework's pace):
 * each route's response schema is turned into JSON Schema once, at start, and compiled by
 * fast-json-stringify (Fastify's own serialiser), which writes only the declared properties without
 * validating the answer again at every request. A schema zod cannot express as JSON Schema falls
 * back to fastify-type-provider-zod's serializer (encode with zod, then JSON.stringify).
 *
 * What changes against the zod serializer: an answer that breaks its schema is no longer refused
 * with a 500 ResponseSerializationError (a missing required property still throws; a value of the
 * wrong type is coerced). The answers are built by the read models from typed rows, and the int
 * tests compare them with the contracts.
 */
export const compiledSerializerCompiler: typeof zodSerializerCompiler = (route) => {
  const schema: unknown = route.schema;
  const json = schema instanceof z.ZodType ? responseJsonSchema(schema) : null;
  if (!json) return zodSerializerCompiler(route);
  return fastJsonStringify(json);
};
