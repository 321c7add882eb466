/**
 * The request bodies' zod schemas of @pitwall/contracts, loaded when a user first sends a change:
 * showing data needs no zod (~70 kB brotli), so the first screen does not wait for it.
 * The module is loaded once; later calls answer the same promise.
 */
export const requestSchemas = () => import('@pitwall/contracts');
