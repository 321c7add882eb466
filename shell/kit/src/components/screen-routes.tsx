import type { ComponentType } from 'react';
import { Route } from 'react-router-dom';
import type { Screen, Screens } from '../screens';

/**
 * `screen`'s path as a <Route> of a remote's router takes it: below `parent`'s path for a route
 * nested in `parent`'s, else below the root (the shell mounts each remote's router under a splat
 * route at '/'); '' for the parent's (or the root's) own path.
 */
export function routePath(screen: Screen, parent?: Screen): string {
  const base = parent ? `${parent.path}/` : '/';
  if (screen.path === parent?.path) return '';
  if (!screen.path.startsWith(base)) throw new Error(`The screen '${screen.path}' is not below '${base}'`);
  return screen.path.slice(base.length);
}

/**
 * A <Route> for each of `screens` (a remote's table, in its order) showing its element of
 * `elements`, for a remote's <Routes>: the table's paths are the router's, and a screen without an
 * element fails the type check.
 */
export function screenRoutes<S extends Screens>(screens: S, elements: Record<keyof S, ComponentType>) {
  return (Object.keys(screens) as (keyof S & string)[]).map((name) => {
    const Screen: ComponentType = elements[name];
    return <Route key={name} path={routePath(screens[name]!)} element={<Screen />} />;
  });
}
