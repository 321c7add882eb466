import { act, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * afterFirstScreen against the kit's own components: a fresh kit per test (its screen state is one
 * per page), a screen root that commits when the test renders it, and the kit's Spinner and Skeleton
 * as the loading indicators a screen shows.
 */
async function freshPage() {
  vi.resetModules();
  const kit = await import('@pitwall/kit');
  const { afterFirstScreen } = await import('./after-first-screen');
  function ScreenRoot({ children }: { children?: ReactNode }) {
    kit.useScreenRoot();
    return <main>{children}</main>;
  }
  return { kit, afterFirstScreen, ScreenRoot };
}

/** A query whose answer the test gives when it likes. */
function pendingQuery(queryClient: QueryClient) {
  let answer!: (cars: string[]) => void;
  void queryClient.fetchQuery({ queryKey: ['cars'], queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)) });
  return (cars: string[]) => answer(cars);
}

describe('afterFirstScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the data the screen is fetching, then runs the task once', async () => {
    const { afterFirstScreen, ScreenRoot } = await freshPage();
    render(<ScreenRoot />);
    const queryClient = new QueryClient();
    const answer = pendingQuery(queryClient);
    const task = vi.fn();
    afterFirstScreen(queryClient, task);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).not.toHaveBeenCalled();

    answer(['Car 7']);
    await vi.runAllTimersAsync();
    expect(task).toHaveBeenCalledTimes(1);

    await queryClient.fetchQuery({ queryKey: ['teams'], queryFn: () => Promise.resolve([]) });
    await vi.runAllTimersAsync();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task at once (on the next idle moment) when the screen has rendered and nothing is fetching', async () => {
    const { afterFirstScreen, ScreenRoot } = await freshPage();
    render(<ScreenRoot />);
    const task = vi.fn();
    afterFirstScreen(new QueryClient(), task);
    expect(task).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits until the screen root has committed', async () => {
    const { afterFirstScreen, ScreenRoot } = await freshPage();
    const task = vi.fn();
    afterFirstScreen(new QueryClient(), task);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).not.toHaveBeenCalled();

    render(<ScreenRoot />);
    await vi.runAllTimersAsync();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("waits while the kit's Spinner shows, although no query is fetching", async () => {
    const { afterFirstScreen, ScreenRoot, kit } = await freshPage();
    const screen = render(
      <ScreenRoot>
        <kit.Spinner />
      </ScreenRoot>,
    );
    const task = vi.fn();
    afterFirstScreen(new QueryClient(), task);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).not.toHaveBeenCalled();

    act(() => screen.rerender(<ScreenRoot>Car 7</ScreenRoot>));
    await vi.runAllTimersAsync();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits again when the screen is loading once more by the idle moment', async () => {
    const { afterFirstScreen, ScreenRoot, kit } = await freshPage();
    const screen = render(<ScreenRoot />);
    const task = vi.fn();
    afterFirstScreen(new QueryClient(), task);
    act(() => screen.rerender(<ScreenRoot><kit.Skeleton /></ScreenRoot>));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).not.toHaveBeenCalled();

    act(() => screen.rerender(<ScreenRoot>Car 7</ScreenRoot>));
    await vi.runAllTimersAsync();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits until the shown screen has held still: a screen mounting its queries right after the root commits restarts the wait', async () => {
    const { afterFirstScreen, ScreenRoot } = await freshPage();
    render(<ScreenRoot />);
    const queryClient = new QueryClient();
    const task = vi.fn();
    afterFirstScreen(queryClient, task);
    await vi.advanceTimersByTimeAsync(100);
    // The remote's screen mounts: its data is already in the cache (the early view fetch), nothing fetches.
    queryClient.setQueryData(['cars'], ['Car 7']);
    await vi.advanceTimersByTimeAsync(100);
    expect(task).not.toHaveBeenCalled();

    await vi.runAllTimersAsync();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task ten seconds after the load although a Skeleton still shows', async () => {
    const { afterFirstScreen, ScreenRoot, kit } = await freshPage();
    render(
      <ScreenRoot>
        <kit.Skeleton />
      </ScreenRoot>,
    );
    const task = vi.fn();
    afterFirstScreen(new QueryClient(), task);
    await vi.advanceTimersByTimeAsync(9_900);
    expect(task).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(200);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs a cancelled task', async () => {
    const { afterFirstScreen, ScreenRoot } = await freshPage();
    render(<ScreenRoot />);
    const queryClient = new QueryClient();
    const answer = pendingQuery(queryClient);
    const task = vi.fn();
    const cancel = afterFirstScreen(queryClient, task);
    cancel();
    answer([]);
    await vi.runAllTimersAsync();
    expect(task).not.toHaveBeenCalled();
  });
});
