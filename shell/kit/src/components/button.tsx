import type { ButtonHTMLAttributes, Ref } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent';
  size?: 'sm' | 'md';
  ref?: Ref<HTMLButtonElement>;
}

/** A button with a 44 px touch target (40 px for `sm`). Defaults to type="button". */
export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  const classes = ['pw-button', `pw-button--${variant}`, `pw-button--${size}`, className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...props} />;
}

/** Class names of a button, for links that look like one (`<Link className={buttonClass()}>`). */
export function buttonClass(variant: ButtonProps['variant'] = 'primary', size: ButtonProps['size'] = 'md'): string {
  return `pw-button pw-button--${variant} pw-button--${size}`;
}
