import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import {
  AuthProvider,
  BrandingProvider,
  SelectedCarProvider,
  Spinner,
  ToastProvider,
  Toaster,
  createQueryClient,
  useAuth,
} from '@pitwall/kit';
import App from './app';

/** Standalone dev page: the remote without the shell (sign in through the shell on the same origin first). */
function Standalone() {
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

function Root() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <BrandingProvider>
        <ToastProvider>
          <AuthProvider>
            <BrowserRouter>
              <Standalone />
            </BrowserRouter>
          </AuthProvider>
          <Toaster />
        </ToastProvider>
      </BrandingProvider>
    </QueryClientProvider>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
