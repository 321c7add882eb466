import { createPortal } from 'react-dom';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { writeQueue } from '../offline/write-queue';

/** docs/product.md, 'Constants and limits': one toast visible at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

/** A button in the toast, e.g. 'Undo' after a delete; clicking it runs `onClick` and closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  /** 'Success' or 'Error' by default, after the variant. */
  title?: string;
  description: string;
  variant?: 'success' | 'error';
  /** Optional: offered for as long as the toast is shown (TOAST_DURATION_MS). */
  action?: ToastAction;
}

interface ShownToast extends Required<Omit<ToastInput, 'action'>> {
  id: number;
  action: ToastAction | null;
}

export interface ToastState {
  /** Shows a toast, replacing the one on screen. */
  toast: (input: ToastInput) => void;
  /** Shortcut: title 'Success' ('Saved on this device' right after a change was kept in the write queue). */
  success: (description: string) => void;
  /** Shortcut: title 'Error', destructive style. */
  error: (description: string) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastState | null>(null);
const CurrentToastContext = createContext<ShownToast | null>(null);

/** Holds the single visible toast; render <Toaster /> somewhere below it. */
export function ToastProvider({ children, duration = TOAST_DURATION_MS }: { children: ReactNode; duration?: number }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const nextId = useRef(1);

  const toast = useCallback((input: ToastInput) => {
    const variant = input.variant ?? 'success';
    setCurrent({
      id: nextId.current++,
      variant,
      title: input.title ?? (variant === 'error' ? 'Error' : 'Success'),
      description: input.description,
      action: input.action ?? null,
    });
  }, []);
  const dismiss = useCallback(() => setCurrent(null), []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent((shown) => (shown?.id === current.id ? null : shown)), duration);
    return () => clearTimeout(timer);
  }, [current, duration]);

  const api = useMemo<ToastState>(
    () => ({
      toast,
      // A change that waits in the write queue is saved on this device only: the toast says so.
      success: (description) =>
        writeQueue.takeJustQueued()
          ? toast({ title: 'Saved on this device', description: `${description} — it is sent when the signal returns`, variant: 'success' })
          : toast({ description, variant: 'success' }),
      error: (description) => toast({ description, variant: 'error' }),
      dismiss,
    }),
    [toast, dismiss],
  );
  return (
    <ToastContext.Provider value={api}>
      <CurrentToastContext.Provider value={current}>{children}</CurrentToastContext.Provider>
    </ToastContext.Provider>
  );
}

/** The toast store. Throws when used outside ToastProvider. */
export function useToast(): ToastState {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}

/**
 * Renders the visible toast in a live region portalled to <body>, so a modal dialog (which hides its
 * siblings from assistive tech) leaves it readable. `placement` 'top-right' keeps it off the primary
 * actions at the bottom of forms (full width at the top on phones); only the toast itself takes clicks.
 */
export function Toaster({ placement = 'bottom-right' }: { placement?: 'bottom-right' | 'top-right' } = {}) {
  const current = useContext(CurrentToastContext);
  const api = useContext(ToastContext);
  return createPortal(
    <div className={placement === 'top-right' ? 'pw-toaster pw-toaster--top-right' : 'pw-toaster'} aria-live="polite">
      {current && (
        <div
          key={current.id}
          className={`pw-toast pw-toast--${current.variant}`}
          role={current.variant === 'error' ? 'alert' : 'status'}
        >
          <div className="pw-toast__body">
            <p className="pw-toast__title">{current.title}</p>
            <p className="pw-toast__description">{current.description}</p>
          </div>
          {current.action && (
            <button
              type="button"
              className="pw-toast__action"
              onClick={() => {
                current.action?.onClick();
                api?.dismiss();
              }}
            >
              {current.action.label}
            </button>
          )}
          <button type="button" className="pw-toast__close" aria-label="Dismiss notification" onClick={api?.dismiss}>
            ×
          </button>
        </div>
      )}
    </div>,
    document.body,
  );
}
