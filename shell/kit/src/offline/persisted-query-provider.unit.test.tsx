import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';
import { PersistedQueryClientProvider } from './persisted-query-provider';

const KEY = ['cars', 7, 'suspension', 'baseline'] as const;

/** A screen showing the car's front camber, read from `answer` when it is fetched. */
function Camber({ answer }: { answer: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: KEY, queryFn: answer });
  return <p>Front camber {data ?? '…'}</p>;
}

/** The first screen's hook of the page: runs its task when the test says the first screen has shown. */
let showFirstScreen = () => {};
const afterFirstScreen = (task: () => void) => {
  showFirstScreen = task;
  return () => {};
};

/** A page of the app: the shell's provider over `client`, showing the camber. */
const page = (client: QueryClient, answer: () => Promise<string>) => (
  <PersistedQueryClientProvider client={client} build="test" afterFirstScreen={afterFirstScreen}>
    <Camber answer={answer} />
  </PersistedQueryClientProvider>
);

it('after a reload online, what the device restored shows at once and is revalidated after the first screen: the newer value replaces it', async () => {
  // First visit: the camber is read (-3.4°) and the cache is written to IndexedDB (throttled, at most once a second).
  const first = render(page(createQueryClient(), async () => '-3.4°'));
  await screen.findByText('Front camber -3.4°');
  await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
  first.unmount();
  // Someone else saves -3.8°; the page reloads with signal.
  let asked = 0;
  render(
    page(createQueryClient(), async () => {
      asked++;
      return '-3.8°';
    }),
  );
  await screen.findByText('Front camber -3.4°');
  expect(asked).toBe(0);
  act(() => showFirstScreen());
  await waitFor(() => expect(screen.getByText('Front camber -3.8°')).toBeTruthy(), { timeout: 3000 });
  expect(asked).toBe(1);
});
