import type { ReactNode } from 'react';
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** 'drawer' slides the content in from the left (phone navigation). */
  variant?: 'modal' | 'drawer';
  /** 'wide' (modal only): up to 64rem wide, for photos and long lists; the default stays 32rem. */
  size?: 'default' | 'wide';
}

/** A modal dialog (Ark UI): focus trapped, Escape and backdrop click close it, labelled by its title. */
export function Dialog({ open, onOpenChange, title, description, children, variant = 'modal', size = 'default' }: DialogProps) {
  return (
    <ArkDialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <ArkDialog.Backdrop className="pw-dialog__backdrop" />
        <ArkDialog.Positioner className={`pw-dialog__positioner pw-dialog__positioner--${variant}`}>
          <ArkDialog.Content className={`pw-dialog pw-dialog--${variant}${size === 'wide' ? ' pw-dialog--wide' : ''}`}>
            <div className="pw-dialog__header">
              <ArkDialog.Title className="pw-dialog__title">{title}</ArkDialog.Title>
              <ArkDialog.CloseTrigger className="pw-dialog__close" aria-label="Close">
                ×
              </ArkDialog.CloseTrigger>
            </div>
            {description && <ArkDialog.Description className="pw-dialog__description">{description}</ArkDialog.Description>}
            {children}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
