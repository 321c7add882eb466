import type { CSSProperties } from 'react';

/** A grey pulsing placeholder shown while data loads. Hidden from assistive tech. */
export function Skeleton({ width = '100%', height = '1rem', style }: { width?: string; height?: string; style?: CSSProperties }) {
  return <span className="pw-skeleton" aria-hidden="true" data-testid="skeleton" style={{ width, height, ...style }} />;
}

/** The 'Loading...' spinner (docs/product.md, 'Sign-in'). */
export function Spinner({ label = 'Loading...', fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <div className={fullScreen ? 'pw-spinner pw-spinner--full' : 'pw-spinner'} role="status">
      <span className="pw-spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
