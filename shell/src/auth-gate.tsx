import { Suspense, lazy, useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SelectedCarProvider, Spinner, preloadKitScreenParts, useAuth, useScreenRoot } from '@pitwall/kit';
import { AppRoutes } from './app-routes';
import { afterFirstScreen } from './remotes/after-first-screen';

// The login screen pulls in zod and react-hook-form: loaded only when someone must sign in, together
// with the kit's Tabs chunk (fetched in parallel, so the tabs never pop in after the form).
const LoginScreen = lazy(() => Promise.all([import('./features/auth/login-screen'), preloadKitScreenParts()]).then(([m]) => ({ default: m.LoginScreen })));

/**
 * docs/product.md, 'Sign-in': 'Loading...' during the session check, the login screen when signed out, else the app,
 * whose car list (the selected car's) is read once its first screen is shown. Every screen renders
 * under it: its commit is the screen root's (the kit's screen-loading.ts).
 */
export function AuthGate() {
  useScreenRoot();
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const whenFirstScreenShown = useCallback((task: () => void) => afterFirstScreen(queryClient, task), [queryClient]);
  if (isLoading) return <Spinner fullScreen />;
  if (!user) {
    return (
      <Suspense fallback={<Spinner fullScreen />}>
        <LoginScreen />
      </Suspense>
    );
  }
  return (
    <SelectedCarProvider key={user.id} afterFirstScreen={whenFirstScreenShown}>
      <AppRoutes />
    </SelectedCarProvider>
  );
}
