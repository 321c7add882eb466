import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Hop-by-hop and length headers of the documentation app's answer that this server sets itself. */
const NOT_FORWARDED = new Set(['content-length', 'connection', 'transfer-encoding', 'keep-alive']);

/**
 * Serves /api/docs (the OpenAPI document at /api/docs/json and /api/docs/yaml, and the Swagger UI)
 * from a documentation app built on the first request to it, not at start: @fastify/swagger, its
 * UI and their dependencies (yaml, json-schema-resolver, …) are a noticeable share of an embedded
 * start (measured: bench/README.md, 'Measured on this machine'; the start's bench target: ≤ 1.3× the bare stack, bench/README.md). `buildDocs` builds a second Fastify instance that never
 * listens, with the same API routes and @fastify/swagger registered (so the document is generated
 * from the same zod schemas); requests are answered by it through `inject`. The first request
 * pays the build once; a failed build is retried by the next request. The documentation app is
 * closed with this one.
 */
export function registerDeferredApiDocs(app: FastifyInstance, buildDocs: () => Promise<FastifyInstance>): void {
  let docs: Promise<FastifyInstance> | null = null;
  const docsApp = () => {
    docs ??= buildDocs().then(
      async (built) => {
        await built.ready();
        return built;
      },
      (error: unknown) => {
        docs = null;
        throw error;
      },
    );
    return docs;
  };
  app.addHook('onClose', async () => {
    if (docs) await (await docs.catch(() => null))?.close();
  });
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await (await docsApp()).inject({ method: 'GET', url: request.url, headers: request.headers });
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) void reply.header(name, value);
    return reply.code(answer.statusCode).send(answer.rawPayload);
  };
  app.get('/api/docs', { schema: { hide: true } }, forward);
  app.get('/api/docs/*', { schema: { hide: true } }, forward);
}
