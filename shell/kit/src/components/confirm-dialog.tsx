import './form-controls.css';
import type { ReactNode } from 'react';
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { Button } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question, e.g. 'Are you sure you want to remove Marco from the team?'. */
  description: ReactNode;
  /** Text of the confirming button, e.g. 'Remove'. */
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** Disables the buttons while the confirmed action runs. */
  busy?: boolean;
  /** 'danger' (default) for destructive actions. */
  tone?: 'danger' | 'primary';
}

/**
 * A confirmation as an ARIA alertdialog (Ark UI Dialog, role="alertdialog"): focus starts on
 * Cancel, Escape cancels, described by its question. Use instead of window.confirm.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  busy = false,
  tone = 'danger',
}: ConfirmDialogProps) {
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role="alertdialog"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <ArkDialog.Backdrop className="pw-dialog__backdrop" />
        <ArkDialog.Positioner className="pw-dialog__positioner pw-dialog__positioner--modal">
          <ArkDialog.Content className="pw-dialog pw-dialog--modal pw-dialog--confirm">
            <div className="pw-dialog__header">
              <ArkDialog.Title className="pw-dialog__title">{title}</ArkDialog.Title>
            </div>
            <ArkDialog.Description className="pw-dialog__description">{description}</ArkDialog.Description>
            <div className="pw-form-actions">
              <ArkDialog.CloseTrigger asChild>
                <Button variant="secondary" disabled={busy}>
                  {cancelLabel}
                </Button>
              </ArkDialog.CloseTrigger>
              <Button variant={tone} onClick={onConfirm} disabled={busy}>
                {confirmLabel}
              </Button>
            </div>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
