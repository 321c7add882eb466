import { useState, type ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '../api/query-client';
import { Spinner } from '../components/skeleton';
import { AuthProvider, useAuth } from '../stores/auth';
import { BrandingProvider } from '../stores/branding';
import { SelectedCarProvider } from '../stores/selected-car';
import { ToastProvider, Toaster } from '../stores/toast';

/** Standalone dev page: the remote without the shell (sign in through the shell on the same origin first). */
function Standalone({ App }: { App: ComponentType }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner fullScreen />;
  if (!user) return <p style={{ padding: '2rem' }}>Not signed in. Sign in through the shell, then reload this page.</p>;
  return (
    <SelectedCarProvider>
      <main style={{ padding: '1.5rem', maxWidth: '80rem', margin: '0 auto' }}>
        <App />
      </main>
    </SelectedCarProvider>
  );
}

/** A remote's `App` on its standalone page inside the providers the shell gives it (see mountStandalone). */
export function StandaloneRoot({ App }: { App: ComponentType }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <BrandingProvider>
        <ToastProvider>
          <AuthProvider>
            <BrowserRouter>
              <Standalone App={App} />
            </BrowserRouter>
          </AuthProvider>
          <Toaster />
        </ToastProvider>
      </BrandingProvider>
    </QueryClientProvider>
  );
}
