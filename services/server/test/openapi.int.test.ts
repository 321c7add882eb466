import { describe, expect, it } from 'vitest';
import { buildTestPitwall } from './helpers.ts';

describe('GET /api/docs', async () => {
  const pitwall = await buildTestPitwall({});

  it('documents every /api route with its parameters and answers, generated from the zod schemas', async () => {
    const doc = (await pitwall.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      openapi: string;
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; parameters?: unknown[]; requestBody?: unknown }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const routes = pitwall.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
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
    expect(doc.paths['/api/cars']!.post!.requestBody).toBeDefined();
    expect(doc.paths['/api/cars/{id}']!.get!.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]));
  });

  it('serves the interactive documentation page', async () => {
    const page = await pitwall.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
