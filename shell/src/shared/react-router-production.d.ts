/**
 * react-router's production build under a name of its own (an rspack alias: rspack.config.ts), so
 * src/shared/react-router.ts can import it without being answered by the shared `react-router`
 * it provides itself. Same API as `react-router`.
 */
declare module 'react-router-production' {
  export * from 'react-router';
}
