import { QueryClient } from '@tanstack/react-query';
import { afterFirstScreen } from './after-first-screen';

/** Whether a part of the kit waits for its lazy chunk, as the test says. */
const kitParts = vi.hoisted(() => ({ loading: false }));
vi.mock('@pitwall/kit', () => ({ isLoadingKitParts: () => kitParts.loading }));

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

  it('runs the task at once (on the next idle moment) when nothing is fetching', async () => {
    const task = vi.fn();
    afterFirstScreen(new QueryClient(), task);
    expect(task).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits while a loading indicator of the kit shows, although no query is fetching', async () => {
    const spinner = Object.assign(document.createElement('div'), { className: 'pw-spinner' });
    document.body.append(spinner);
    const task = vi.fn();
    afterFirstScreen(new QueryClient(), task);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).not.toHaveBeenCalled();

    spinner.remove();
    await vi.runAllTimersAsync();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("waits while a part of the kit waits for its lazy chunk, then runs the task once the screen changes", async () => {
    kitParts.loading = true;
    const task = vi.fn();
    afterFirstScreen(new QueryClient(), task);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).not.toHaveBeenCalled();

    kitParts.loading = false;
    document.body.append(document.createElement('p'));
    await vi.runAllTimersAsync();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task ten seconds after the load although a loading indicator still shows', async () => {
    const skeleton = Object.assign(document.createElement('span'), { className: 'pw-skeleton' });
    document.body.append(skeleton);
    const task = vi.fn();
    afterFirstScreen(new QueryClient(), task);
    await vi.advanceTimersByTimeAsync(9_900);
    expect(task).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(200);
    expect(task).toHaveBeenCalledTimes(1);
    skeleton.remove();
  });

  it('never runs a cancelled task', async () => {
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
