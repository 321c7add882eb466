import { Component, Suspense, lazy, useContext, useEffect, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { Alert, Button, Spinner, preloadKitParts } from '@pitwall/kit';
import { afterFirstScreen } from './after-first-screen';

/** What a remote's exposed './App' module must default-export: a component owning its routes. */
export type RemoteAppModule = { default: ComponentType };

interface BoundaryProps {
  name: string;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[pitwall] ${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="shell-remote-fallback">
        <Alert
          title="This part of Pitwall could not be loaded."
          action={
            <Button variant="secondary" onClick={this.props.onRetry}>
              Retry
            </Button>
          }
        >
          Check your connection and try again. The rest of Pitwall keeps working.
        </Alert>
      </div>
    );
  }
}

/**
 * The kit's dialogs, tabs and accordions are not needed for the first screen; the remote's screens
 * may use them: fetched once the remote has rendered and its screen has its data (afterFirstScreen),
 * so they do not compete with its first screen. A part shown before then loads them itself. On a
 * page the service worker controls (a next visit) the chunk comes from its cache, costing no
 * bandwidth: it is fetched as soon as the remote renders, beside the remote's own screens, rather
 * than when a screen's tabs first ask for it, one round trip through the worker later.
 */
function PreloadKitParts() {
  const queryClient = useContext(QueryClientContext);
  useEffect(() => {
    if (!navigator.serviceWorker?.controller) return afterFirstScreen(queryClient, () => void preloadKitParts());
    void preloadKitParts();
  }, [queryClient]);
  return null;
}

export interface RemoteModuleProps {
  /** Remote name, for logs. */
  name: string;
  /** Loads the remote's App module (loadRemote in the app, a stub in tests). */
  load: () => Promise<RemoteAppModule | null | undefined>;
  /** Called before each retry (drops the runtime's cached failure). */
  onRetry?: () => void;
}

/**
 * Mounts a remote's App inside an error boundary with a visible fallback. Retry builds a NEW lazy()
 * because React caches a rejected lazy component forever.
 */
export function RemoteModule({ name, load, onRetry }: RemoteModuleProps) {
  const [attempt, setAttempt] = useState(0);
  const RemoteApp = useMemo(
    () =>
      lazy(async () => {
        const module = await load();
        if (!module || typeof module.default !== 'function') throw new Error(`${name} exposes no App component`);
        return module;
      }),
    // `attempt` is the point: a new lazy() per retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [load, name, attempt],
  );
  return (
    <RemoteErrorBoundary
      key={attempt}
      name={name}
      onRetry={() => {
        onRetry?.();
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<Spinner />}>
        <RemoteApp />
        <PreloadKitParts />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
