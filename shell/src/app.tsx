import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider, BrandingProvider, ToastProvider, Toaster, createQueryClient } from '@pitwall/kit';
import { AuthGate } from './auth-gate';

/** The shell's providers: one QueryClient, branding, toasts, session. `children` holds the router. */
export function AppProviders({ queryClient, children }: { queryClient?: QueryClient; children: ReactNode }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <BrandingProvider>
        <ToastProvider>
          <AuthProvider>{children}</AuthProvider>
          <Toaster placement="top-right" />
        </ToastProvider>
      </BrandingProvider>
    </QueryClientProvider>
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
