import { createRequire } from 'node:module';
import type FastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The JSON Schema (draft-07) of a zod response schema, as the route's answer is written, or null when
 * zod cannot express it as one (transforms, codecs, dates: `unrepresentable: 'throw'`).
 */
function responseJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return json;
  } catch {
    return null;
  }
}

/**
 * Fastify serializer compiler for zod response schemas (reads at the framework's pace):
 * each route's response schema is turned into JSON Schema and compiled by fast-json-stringify
 * (Fastify's own serialiser), which writes only the declared properties without validating the
 * answer again at every request. Compiled off the request path: a route's first answer (of that
 * status) is written by fastify-type-provider-zod's serializer (encode with zod, then
 * JSON.stringify) and schedules the compile right after it (setImmediate), so neither the start
 * (compiling every route at once would be one of its costliest steps; the start's bench target is
 * ≤ 1.3× the bare stack) nor a first answer (the first compile also loads fast-json-stringify)
 * waits for it. Measured figures: bench/README.md, 'Measured on this machine'. A schema zod cannot express as
 * JSON Schema keeps the zod serializer.
 *
 * What changes against the zod serializer once compiled: an answer that breaks its schema is no
 * longer refused with a 500 ResponseSerializationError (a missing required property still throws;
 * a value of the wrong type is coerced). The answers are built by the read models from typed rows,
 * and the int tests compare them with the contracts.
 */
export const compiledSerializerCompiler: typeof zodSerializerCompiler = (route) => {
  const checked = zodSerializerCompiler(route);
  let serialize: ((data: unknown) => string) | null = null;
  let scheduled = false;
  return (data) => {
    if (serialize) return serialize(data);
    if (!scheduled) {
      scheduled = true;
      setImmediate(() => {
        serialize = compileSerializer(route) ?? checked;
      });
    }
    return checked(data);
  };
};

const requireCjs = createRequire(import.meta.url);
/** fast-json-stringify (CommonJS), loaded with the first route's compile rather than at start. */
let fastJsonStringify: typeof FastJsonStringify | undefined;

/** The route's compiled serializer, or null when zod cannot express its schema as JSON Schema. */
function compileSerializer(route: Parameters<typeof zodSerializerCompiler>[0]): ((data: unknown) => string) | null {
  const schema: unknown = route.schema;
  const json = schema instanceof z.ZodType ? responseJsonSchema(schema) : null;
  if (!json) return null;
  fastJsonStringify ??= requireCjs('fast-json-stringify') as typeof FastJsonStringify;
  return fastJsonStringify(json);
}
