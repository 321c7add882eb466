/**
 * The react-router the shell provides to every app on the page (Module Federation shares it as the
 * singletons `react-router` and `react-router-dom`; rspack.config.ts). Shared modules are never
 * tree-shaken, and react-router 7 is mostly data routers, server rendering and framework mode
 * (≈ 63 kB gz whole): the shell and the remotes use its declarative mode only (a `<BrowserRouter>`
 * around `<Routes>`), so the shell provides that part (≈ 14 kB gz) from react-router's production
 * build (no dev warnings). A remote using a name missing here would get `undefined` from the shared
 * copy: shared-modules.unit.test.ts fails when any app imports a name this module does not export,
 * or when it exports one no app imports.
 * Tests import the whole package.
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
  useOutletContext,
  matchPath,
} from 'react-router-production';
