import { act, render, screen } from '@testing-library/react';
import { TOAST_DURATION_MS, ToastProvider, Toaster, useToast } from './toast';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Car added successfully')}>
        ok
      </button>
      <button type="button" onClick={() => toast.error('Failed to add car: boom')}>
        fail
      </button>
    </>
  );
}

describe('toast store', () => {
  afterEach(() => vi.useRealTimers());

  it('shows one toast at a time, titled Success or Error, for 5000 ms', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Buttons />
        <Toaster />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'ok' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('Success');
    expect(screen.getByRole('status')).toHaveTextContent('Car added successfully');

    act(() => screen.getByRole('button', { name: 'fail' }).click());
    expect(screen.queryByText('Car added successfully')).not.toBeInTheDocument();
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('Error');
    expect(error).toHaveTextContent('Failed to add car: boom');
    expect(error).toHaveClass('pw-toast--error');

    expect(TOAST_DURATION_MS).toBe(5000);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Failed to add car: boom')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Failed to add car: boom')).not.toBeInTheDocument();
  });
});

describe('toast action', () => {
  afterEach(() => vi.useRealTimers());

  function Remove({ onUndo }: { onUndo: () => void }) {
    const toast = useToast();
    return (
      <button type="button" onClick={() => toast.toast({ description: 'Item removed', action: { label: 'Undo', onClick: onUndo } })}>
        remove
      </button>
    );
  }

  it('offers its button for as long as the toast is shown; clicking it runs the action and closes the toast', () => {
    vi.useFakeTimers();
    const onUndo = vi.fn();
    render(
      <ToastProvider>
        <Remove onUndo={onUndo} />
        <Toaster />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'remove' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('Item removed');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    act(() => screen.getByRole('button', { name: 'Undo' }).click());
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Item removed')).not.toBeInTheDocument();
  });

  it('is gone with the toast after 5000 ms', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Remove onUndo={() => undefined} />
        <Toaster />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'remove' }).click());
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});
