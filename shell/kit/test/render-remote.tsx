import type { ComponentType, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider, BrandingProvider, SelectedCarProvider, ToastProvider, Toaster, createQueryClient } from '@pitwall/kit';

export interface RenderRemoteOptions {
  /** Wrap the router in SelectedCarProvider (the car remotes); false for remotes that do not use it. Default true. */
  withSelectedCar?: boolean;
  /** Render an `<output data-testid="location">` with the current path + query, for tests of view state kept in the URL. Default false. */
  showLocation?: boolean;
}

/** Shows the current URL (path + query) so tests can check the view state kept in it. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Binds a remote's App to a `renderRemote(path, extra?)` test helper that renders it as the shell
 * would: kit providers, a MemoryRouter at `path`, one QueryClient (returned with the render result).
 * `extra` is rendered inside the router after the App.
 */
export function createRenderRemote(App: ComponentType, { withSelectedCar = true, showLocation = false }: RenderRemoteOptions = {}) {
  return function renderRemote(path: string, extra?: ReactNode) {
    const queryClient = createQueryClient();
    const router = (
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<App />} />
        </Routes>
        {showLocation && <LocationProbe />}
        {extra}
      </MemoryRouter>
    );
    const utils = render(
      <QueryClientProvider client={queryClient}>
        <BrandingProvider>
          <ToastProvider>
            <AuthProvider>{withSelectedCar ? <SelectedCarProvider>{router}</SelectedCarProvider> : router}</AuthProvider>
            <Toaster />
          </ToastProvider>
        </BrandingProvider>
      </QueryClientProvider>,
    );
    return { ...utils, queryClient };
  };
}
