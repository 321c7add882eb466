import type { ReactNode } from 'react';

export interface AlertProps {
  title?: ReactNode;
  children: ReactNode;
  /** 'error' is the red alert of docs/product.md, 'Sign-in' (login errors). */
  tone?: 'error' | 'info';
  action?: ReactNode;
}

/** A block message; the error tone is announced (role="alert"). */
export function Alert({ title, children, tone = 'error', action }: AlertProps) {
  return (
    <div className={`pw-alert pw-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="pw-alert__body">
        {title && <p className="pw-alert__title">{title}</p>}
        <div className="pw-alert__text">{children}</div>
      </div>
      {action && <div className="pw-alert__action">{action}</div>}
    </div>
  );
}
