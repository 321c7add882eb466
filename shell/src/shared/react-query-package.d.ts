/**
 * @tanstack/react-query's ESM build under a name of its own (an rspack alias: rspack.config.ts), so
 * src/shared/react-query.ts can import it without being answered by the shared
 * `@tanstack/react-query` it provides itself. Same API as `@tanstack/react-query`.
 */
declare module 'react-query-package' {
  export * from '@tanstack/react-query';
}
