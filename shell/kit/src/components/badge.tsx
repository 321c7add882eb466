import type { HTMLAttributes } from 'react';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: 'neutral' | 'primary' | 'accent' | 'success' | 'warning' | 'danger';
}

/** A small pill label (car class, status, role). */
export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return <span className={['pw-badge', `pw-badge--${tone}`, className].filter(Boolean).join(' ')} {...props} />;
}
