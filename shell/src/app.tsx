import { useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider, BrandingProvider, PersistedQueryClientProvider, ToastProvider, Toaster, createQueryClient } from '@pitwall/kit';
import { AuthGate } from './auth-gate';
import { afterFirstScreen } from './remotes/after-first-screen';

/** The build's hash (rspack's `__webpack_hash__`): the persisted query cache of another build is not restored. */
declare const __webpack_hash__: string | undefined;
const BUILD = typeof __webpack_hash__ === 'string' ? __webpack_hash__ : 'unbuilt';

/** The shell's providers: one QueryClient (persisted: paddock mode, what was restored revalidated after the first screen), branding, toasts, session. `children` holds the router. */
export function AppProviders({ queryClient, children }: { queryClient?: QueryClient; children: ReactNode }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <PersistedQueryClientProvider client={client} build={BUILD} afterFirstScreen={(task) => afterFirstScreen(client, task)}>
      <BrandingProvider>
        <ToastProvider>
          <AuthProvider>{children}</AuthProvider>
          <Toaster placement="top-right" />
        </ToastProvider>
      </BrandingProvider>
    </PersistedQueryClientProvider>
  );
}

/** The whole shell; `queryClient` is the one bootstrap.tsx already started the first route's requests on. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AuthGate />
      </BrowserRouter>
    </AppProviders>
  );
}
