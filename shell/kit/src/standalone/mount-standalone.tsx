import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Mounts a remote's `App` on its own dev page (the remote's `bootstrap.tsx` when it is served
 * without the shell), inside the same providers the shell gives it: query client, branding,
 * toasts, session, router and selected car. Renders into `#root` (element id, default `'root'`);
 * does nothing when that element is missing. The page's frame (./standalone-root) is a chunk
 * loaded here, so the shell, which shares the kit, does not carry it in its initial JS.
 */
export function mountStandalone(App: ComponentType, rootId = 'root'): void {
  const root = document.getElementById(rootId);
  if (!root) return;
  void import('./standalone-root').then(({ StandaloneRoot }) =>
    createRoot(root).render(
      <StrictMode>
        <StandaloneRoot App={App} />
      </StrictMode>,
    ),
  );
}
