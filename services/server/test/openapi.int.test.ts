import { describe, expect, it } from 'vitest';
import { testServer } from './scenario.ts';

/** A JSON schema as the document writes it (the parts these tests read). */
interface JsonSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  [keyword: string]: unknown;
}
type Content = Record<string, { schema: JsonSchema }>;
interface Operation {
  parameters?: unknown[];
  requestBody?: { required?: boolean; content: Content };
  responses?: Record<string, { content?: Content }>;
}
/** The OpenAPI document as served at /api/docs/json. */
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

describe('GET /api/docs', () => {
  const server = testServer({});
  const openApiDocument = async () => (await server.pitwall.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;

  it('documents every /api route with its parameters and answers, generated from the zod schemas', async () => {
    const doc = await openApiDocument();
    expect(doc.openapi).toMatch(/^3\./);
    const routes = server.pitwall.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    const missing = routes.filter((r) => {
      const path = r.url.replace(/:(\w+)/g, '{$1}').replace('*', '{*}');
      return !doc.paths[path]?.[r.method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(Object.keys(operation.responses ?? {}), `${method} ${path} answers`).not.toEqual([]);
      }
    }
    expect(doc.paths['/api/cars/{id}']!.get!.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]));
  });

  it("documents a request body's fields, their limits and which are required", async () => {
    const doc = await openApiDocument();
    const newCar = doc.paths['/api/cars']!.post!.requestBody!;
    expect(newCar.required).toBe(true);
    expect(Object.keys(newCar.content['application/json']!.schema.properties!)).toEqual(expect.arrayContaining(['name', 'makeModel', 'year', 'color']));
    const lap = doc.paths['/api/cars/{carId}/events/{eventId}/sessions/{sessionId}/laps']!.put!.requestBody!.content['application/json']!.schema.properties!.laps!.items!;
    expect(lap.properties).toMatchObject({ time: { type: 'string' }, lapTimeMs: { type: 'integer', minimum: 10_000, maximum: 86_400_000 }, kind: { enum: ['out', 'timed', 'in', 'invalid'] } });
    expect(lap.required).toEqual(['kind']);
  });

  it('documents each answer by its schema, and every refusal as { message }', async () => {
    const doc = await openApiDocument();
    const schemaOf = (path: string, method: string, status: string) => doc.paths[path]![method]!.responses![status]!.content!['application/json']!.schema;
    expect(schemaOf('/api/cars/{id}', 'get', '200')).toEqual({ $ref: '#/components/schemas/Car' });
    expect(Object.keys(doc.components.schemas.Car!.properties!)).toEqual(expect.arrayContaining(['id', 'teamId', 'name', 'makeModel', 'year']));
    expect(doc.components.schemas.ErrorAnswer).toMatchObject({ type: 'object', properties: { message: { type: 'string' } }, required: ['message'] });
    const refusals = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) => Object.entries(operation.responses ?? {}).filter(([status]) => status === '400').map(([, answer]) => ({ operation: `${method} ${path}`, schema: answer.content?.['application/json']?.schema }))),
    );
    // Every reference resolves: a client generated from the document finds each schema it names.
    const refs = new Set([...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!));
    expect([...refs].filter((name) => !doc.components.schemas[name])).toEqual([]);
    expect(refusals.length).toBeGreaterThan(50);
    expect(refusals.filter(({ schema }) => schema?.$ref !== '#/components/schemas/ErrorAnswer')).toEqual([]);
  });

  it("documents a screen's view by its parts, each with its own GET's schema", async () => {
    const doc = await openApiDocument();
    const answer = (path: string) => doc.paths[path]!.get!.responses!['200']!.content!['application/json']!.schema;
    expect(answer('/api/cars/{carId}/view')).toEqual({ $ref: '#/components/schemas/CarView' });
    expect(answer('/api/cars/{carId}/events/{eventId}/view')).toEqual({ $ref: '#/components/schemas/RaceEventView' });
    const raceEventView = doc.components.schemas.RaceEventView!.properties!;
    expect(raceEventView.raceEvent).toEqual({ $ref: '#/components/schemas/RaceEvent' });
    expect(raceEventView.sessions!.items).toEqual(answer('/api/cars/{carId}/events/{eventId}/sessions').items);
  });

  it('serves the interactive documentation page', async () => {
    const page = await server.pitwall.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
