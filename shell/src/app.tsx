import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider, BrandingProvider, ToastProvider, Toaster, createQueryClient } from '@pitwall/kit';
import { AuthGate } from './auth-gate';

/** The shell's providers: one QueryClient, branding, toasts, session, router. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <BrandingProvider>
        <ToastProvider>
          <AuthProvider>
            <BrowserRouter>
              <AuthGate />
            </BrowserRouter>
          </AuthProvider>
          <Toaster />
        </ToastProvider>
      </BrandingProvider>
    </QueryClientProvider>
  );
}
