import { Suspense, lazy } from 'react';
import { SelectedCarProvider, Spinner, preloadKitScreenParts, useAuth } from '@pitwall/kit';
import { AppRoutes } from './app-routes';

// The login screen pulls in zod and react-hook-form: loaded only when someone must sign in, together
// with the kit's Tabs chunk (fetched in parallel, so the tabs never pop in after the form).
const LoginScreen = lazy(() => Promise.all([import('./features/auth/login-screen'), preloadKitScreenParts()]).then(([m]) => ({ default: m.LoginScreen })));

/** docs/product.md, 'Sign-in': 'Loading...' during the session check, the login screen when signed out, else the app. */
export function AuthGate() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner fullScreen />;
  if (!user) {
    return (
      <Suspense fallback={<Spinner fullScreen />}>
        <LoginScreen />
      </Suspense>
    );
  }
  return (
    <SelectedCarProvider key={user.id}>
      <AppRoutes />
    </SelectedCarProvider>
  );
}
