/**
 * The TanStack Query the shell provides to every app on the page (Module Federation shares it as the
 * singleton `@tanstack/react-query`; rspack.config.ts). Shared modules are never tree-shaken, so the
 * whole package would ride in the shell's first JS (suspense and prefetch hooks, useQueries,
 * HydrationBoundary, useMutationState, streamedQuery: ≈ 2.5 kB gz no app uses); the shell provides
 * the names the apps and @tanstack/react-query-persist-client import, from the package's own ESM
 * build. A remote using a name missing here would get `undefined` from the shared copy:
 * shared-modules.unit.test.ts fails when any app imports a name this module does not export,
 * or when it exports one no app imports.
 * A remote running alone (its standalone page) uses its own full copy.
 */
export {
  QueryClient,
  QueryClientProvider,
  QueryClientContext,
  IsRestoringProvider,
  QueryCache,
  MutationCache,
  useQuery,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  queryOptions,
  infiniteQueryOptions,
  onlineManager,
  hashKey,
} from 'react-query-package';
