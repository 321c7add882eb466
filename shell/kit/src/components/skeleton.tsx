import type { CSSProperties } from 'react';
import { useLoadingIndicator } from './screen-loading';

/** A grey pulsing placeholder shown while data loads (the screen counts as loading meanwhile). Hidden from assistive tech. */
export function Skeleton({ width = '100%', height = '1rem', style }: { width?: string; height?: string; style?: CSSProperties }) {
  useLoadingIndicator();
  return <span className="pw-skeleton" aria-hidden="true" data-testid="skeleton" style={{ width, height, ...style }} />;
}

/** The 'Loading...' spinner (docs/product.md, 'Sign-in'); the screen counts as loading meanwhile. */
export function Spinner({ label = 'Loading...', fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  useLoadingIndicator();
  return (
    <div className={fullScreen ? 'pw-spinner pw-spinner--full' : 'pw-spinner'} role="status">
      <span className="pw-spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
