import { StrictMode, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '../api/query-client';
import { AuthProvider, useAuth } from '../stores/auth';
import { BrandingProvider } from '../stores/branding';
import { SelectedCarProvider } from '../stores/selected-car';
import { ToastProvider, Toaster } from '../stores/toast';
import { Spinner } from '../components/skeleton';

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

function Root({ App }: { App: ComponentType }) {
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

/**
 * Mounts a remote's `App` on its own dev page (the remote's `bootstrap.tsx` when it is served
 * without the shell), inside the same providers the shell gives it: query client, branding,
 * toasts, session, router and selected car. Renders into `#root` (element id, default `'root'`);
 * does nothing when that element is missing.
 */
export function mountStandalone(App: ComponentType, rootId = 'root'): void {
  const root = document.getElementById(rootId);
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <Root App={App} />
    </StrictMode>,
  );
}
