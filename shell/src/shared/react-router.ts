/**
 * The react-router the shell provides to every app on the page (Module Federation shares it as the
 * singletons `react-router` and `react-router-dom`; rspack.config.ts). Shared modules are never
 * tree-shaken, and react-router 7 is mostly data routers, server rendering and framework mode
 * (≈ 63 kB gz whole): the shell and the remotes use its declarative mode only (a `<BrowserRouter>`
 * around `<Routes>`), so the shell provides that part (≈ 14 kB gz) from react-router's production
 * build (no dev warnings). A remote using a name missing here would get `undefined` from the shared
 * copy: shared-router.unit.test.ts fails when any app imports a name this module does not export.
 * Names no app imports and that bring code of their own stay out (`MemoryRouter` with its memory
 * history, `useMatch`, `generatePath`: ≈ 0.7 kB gz; tests import the whole package).
 * A remote running alone (its standalone page) uses its own full copy.
 */
export {
  BrowserRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useParams,
  useSearchParams,
  useNavigate,
  useLocation,
  useOutlet,
  useOutletContext,
  useResolvedPath,
  useHref,
  useInRouterContext,
  useNavigationType,
  useRoutes,
  useLinkClickHandler,
  matchPath,
  createSearchParams,
  resolvePath,
} from 'react-router-production';
