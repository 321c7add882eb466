import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { PutSetupSheetBody, RunSession, SetupSheet, Suspension } from '@pitwall/contracts';
import { flattenSetupSheet, nestSetupSheet } from '@pitwall/contracts/values';
import { makeSetupSheet } from '../../test/fixtures';
import { writeQueue } from '../offline/write-queue';
import { useSetupSheet, useSuspension, useUpdateSetupSheet, useUpdateSuspension } from './car-setup';
import { createQueryClient } from './query-client';
import { useSessions, useSetSessionTirePressures } from './sessions';

/**
 * Versioned writes: a form's save carries the ETag of the version the form was opened on (not of a
 * later refetch); a 412 is merged field by field against that version, fields changed by one side
 * merge by themselves, a field both changed waits for the user's choice.
 */

interface Sent {
  method: string;
  url: string;
  ifMatch: string | undefined;
  body: Record<string, unknown> | undefined;
}

/**
 * A server holding one resource with a revision, as Pitwall's API answers it: GET with its ETag; a
 * PUT whose If-Match is not current answers 412 with the current representation and its ETag, else
 * applies `apply` and answers the new representation and ETag.
 */
function fakeServer<T>(opts: { initial: T; getUrl: string; putUrl: string; tag: (revision: number) => string; getTag?: (revision: number) => string; getBody?: (value: T) => unknown; apply: (value: T, body: Record<string, unknown>) => T }) {
  const state = { value: opts.initial, revision: 1 };
  const sent: Sent[] = [];
  const answer = (status: number, body: unknown, etag: string) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ETag: etag } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      if (method === 'GET' && url === opts.getUrl) return answer(200, (opts.getBody ?? ((v) => v))(state.value), (opts.getTag ?? opts.tag)(state.revision));
      if (method === 'PUT' && url === opts.putUrl) {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        sent.push({ method, url, ifMatch: headers['If-Match'], body });
        if (headers['If-Match'] !== undefined && headers['If-Match'] !== opts.tag(state.revision)) return answer(412, state.value, opts.tag(state.revision));
        state.value = opts.apply(state.value, body);
        state.revision += 1;
        return answer(200, state.value, opts.tag(state.revision));
      }
      return new Response('{"message":"not found"}', { status: 404 });
    }),
  );
  return {
    sent,
    get value() {
      return state.value;
    },
    /** A teammate's save, meanwhile. */
    change(next: Partial<T>) {
      state.value = { ...state.value, ...next };
      state.revision += 1;
    },
  };
}

function renderInShell(ui: React.ReactElement): QueryClient {
  const queryClient = createQueryClient();
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return queryClient;
}

const SUSPENSION = { id: 1, carId: 7, eventId: null, frontCamber: '-3.4°', rearCamber: '-2.0°', frontToe: '0', rearToe: '0.1mm', ownFields: [] } as unknown as Suspension;
const FIELDS = ['frontCamber', 'rearCamber', 'frontToe', 'rearToe'] as const;

/** The suspension form of the car record: its values are those it was opened with. */
function SuspensionEditor({ opened, change }: { opened: Suspension; change: Partial<Record<(typeof FIELDS)[number], string>> }) {
  const save = useUpdateSuspension(7);
  const [body] = useState(() => ({ ...Object.fromEntries(FIELDS.map((f) => [f, opened[f]])), ...change }));
  return (
    <>
      <button type="button" onClick={() => save.mutate(body)}>
        Save
      </button>
      {save.isSuccess && <p>Saved</p>}
      {save.isError && <p>Failed: {String(save.error)}</p>}
    </>
  );
}

/** The car page: the suspension as the cache holds it (refetched in the background), and the form opened on it. */
function SuspensionPage({ change }: { change: Partial<Record<(typeof FIELDS)[number], string>> }) {
  const suspension = useSuspension(7);
  if (!suspension.data) return <p>Loading</p>;
  return (
    <>
      <p>Shown front camber: {suspension.data.frontCamber}</p>
      <SuspensionEditor opened={suspension.data} change={change} />
    </>
  );
}

function suspensionServer() {
  return fakeServer<Suspension>({
    initial: SUSPENSION,
    getUrl: '/api/cars/7/suspension',
    putUrl: '/api/cars/7/suspension',
    tag: (revision) => `"car-7.${revision}"`,
    apply: (value, body) => ({ ...value, ...Object.fromEntries(FIELDS.map((f) => [f, body[f]])) }),
  });
}

/**
 * The user opens the suspension at -3.4° and changes the front camber to -3.5°; a teammate saves
 * -3.8° meanwhile; the user's Save then waits in the write queue as a conflict. Answers the server.
 */
async function saveAgainstTeammatesCamber() {
  const server = suspensionServer();
  renderInShell(<SuspensionPage change={{ frontCamber: '-3.5°' }} />);
  await screen.findByText('Shown front camber: -3.4°');
  server.change({ frontCamber: '-3.8°' });
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(writeQueue.snapshot()).toHaveLength(1));
  return server;
}

beforeAll(() => writeQueue.signIn(1));
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const change of writeQueue.snapshot()) await writeQueue.discard(change.id);
});

describe('versioned writes', () => {
  it("keeps the version the form was opened on across a refetch, and merges a teammate's change of another field by itself", async () => {
    const server = suspensionServer();
    // The car's GET answers the team; the form waits for nothing else here.
    const queryClient = renderInShell(<SuspensionPage change={{ rearToe: '0.3mm' }} />);
    await screen.findByText('Shown front camber: -3.4°');

    server.change({ frontCamber: '-3.8°' });
    await queryClient.refetchQueries({ queryKey: ['cars', 7, 'suspension'] });
    await screen.findByText('Shown front camber: -3.8°');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    // Sent on the version it was opened on (1), not the refetched one (2): the server said 412 …
    expect(server.sent.map((s) => s.ifMatch)).toEqual(['"car-7.1"', '"car-7.2"']);
    // … and the merge kept the teammate's front camber with this form's rear toe.
    expect(server.value).toMatchObject({ frontCamber: '-3.8°', rearToe: '0.3mm' });
    expect(writeQueue.snapshot()).toEqual([]);
  });

  it('bases the next save of a form that stays open on its own save', async () => {
    const server = suspensionServer();
    renderInShell(<SuspensionPage change={{ rearToe: '0.3mm' }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent.map((s) => s.ifMatch)).toEqual(['"car-7.1"', '"car-7.2"']);
  });

  it('asks when a teammate changed the same field, and saves the choice as a normal change with the new ETag', async () => {
    const server = await saveAgainstTeammatesCamber();

    const [conflict] = writeQueue.snapshot();
    expect(conflict).toMatchObject({ status: 'conflict', conflict: { fields: [{ path: 'frontCamber', base: '-3.4°', mine: '-3.5°', theirs: '-3.8°' }], etag: '"car-7.2"' } });
    expect(writeQueue.isAwaited(conflict!.id)).toBe(true);
    expect(screen.queryByText('Saved')).toBeNull();

    await writeQueue.resolve(conflict!.id, { frontCamber: 'mine' });
    await screen.findByText('Saved');
    expect(server.sent.at(-1)).toMatchObject({ ifMatch: '"car-7.2"', body: expect.objectContaining({ frontCamber: '-3.5°' }) });
    expect(server.value.frontCamber).toBe('-3.5°');
    expect(writeQueue.snapshot()).toEqual([]);
  });

  it('leaves the change in the write queue and tells the form when the user closes the choice without choosing', async () => {
    const server = await saveAgainstTeammatesCamber();

    writeQueue.release(writeQueue.snapshot()[0]!.id);
    await screen.findByText(/Failed: ChangeNotSavedError: Not saved yet/);
    expect(writeQueue.snapshot()).toEqual([expect.objectContaining({ status: 'conflict' })]);
    expect(server.value.frontCamber).toBe('-3.8°');
  });
});

describe('versioned writes of run sheets', () => {
  const HOT = { fl: 31.2, fr: 31.0, rl: 30.1, rr: 30.0 };
  const FP2 = { id: 9, carId: 7, eventId: 3, name: 'FP2', tirePressures: { cold: { fl: 27, fr: 27, rl: 26, rr: 26, tempC: 18 }, hot: HOT } } as unknown as RunSession;

  /** The engineer's FP2 tire pressure form: opened with the session as the list showed it; changes cold front left. */
  function EngineerForm({ opened }: { opened: RunSession }) {
    const save = useSetSessionTirePressures(7, 3);
    const { cold, hot } = opened.tirePressures;
    return (
      <>
        <button type="button" onClick={() => save.mutate({ sessionId: 9, body: { cold: { ...cold!, fl: 27.5 }, hot } })}>
          Save Tire Pressures
        </button>
        {save.isSuccess && <p>Saved</p>}
      </>
    );
  }

  function RunSheet() {
    const sessions = useSessions(7, 3);
    const fp2 = sessions.data?.find((s) => s.id === 9);
    return fp2 ? <EngineerForm opened={fp2} /> : <p>Loading</p>;
  }

  it("keeps the mechanic's hot pressures when the engineer's FP2 form, opened before, is saved", async () => {
    // The list answers a list ETag; a change of one session is checked against the session's own.
    const server = fakeServer<RunSession>({
      initial: FP2,
      getUrl: '/api/cars/7/events/3/sessions',
      putUrl: '/api/cars/7/events/3/sessions/9/tire-pressures',
      tag: (revision) => `"session-9.${revision}"`,
      getTag: (revision) => `"sessions-raceEvent-3.list${revision}"`,
      getBody: (value) => [value],
      apply: (value, body) => ({ ...value, tirePressures: body as unknown as RunSession['tirePressures'] }),
    });
    renderInShell(<RunSheet />);
    await screen.findByRole('button', { name: 'Save Tire Pressures' });
    server.change({ tirePressures: { ...FP2.tirePressures, hot: { ...HOT, fl: 31.3 } } });

    await userEvent.click(screen.getByRole('button', { name: 'Save Tire Pressures' }));
    await screen.findByText('Saved');
    expect(server.value.tirePressures).toEqual({ cold: { fl: 27.5, fr: 27, rl: 26, rr: 26, tempC: 18 }, hot: { ...HOT, fl: 31.3 } });
  });
});

describe("versioned writes of a race event's setup sheet", () => {
  const OPENED = makeSetupSheet({ 'corners.fl.camberDeg': -3.2, 'corners.fr.camberDeg': -3.2, ballastKg: 20 }, { eventId: 3 });

  /** The race event's 'Edit Setup Sheet': the complete sheet it opened with, FL camber changed to -3.4. */
  function SheetEditor({ opened }: { opened: SetupSheet }) {
    const save = useUpdateSetupSheet(7, 3);
    const body = nestSetupSheet({ ...flattenSetupSheet(opened), 'corners.fl.camberDeg': -3.4 }) as PutSetupSheetBody;
    return (
      <>
        <button type="button" onClick={() => save.mutate(body)}>
          Save Setup Sheet
        </button>
        {save.isSuccess && <p>Saved</p>}
      </>
    );
  }

  function SheetPage() {
    const sheet = useSetupSheet(7, 3);
    if (!sheet.data) return <p>Loading</p>;
    const own = sheet.data.ownFields.includes('corners.fl.camberDeg') ? 'own' : 'inherited';
    return (
      <>
        <p>
          Shown FL camber: {sheet.data.corners.fl.camberDeg} ({own})
        </p>
        <SheetEditor opened={sheet.data} />
      </>
    );
  }

  it("PUTs to the race event's URL on the opened version, and a 412 merges a teammate's other corner field by field", async () => {
    const server = fakeServer<SetupSheet>({
      initial: OPENED,
      getUrl: '/api/cars/7/events/3/setup-sheet',
      putUrl: '/api/cars/7/events/3/setup-sheet',
      tag: (revision) => `"car-7.${revision}"`,
      apply: (value, body) => ({ ...value, ...(body as Partial<SetupSheet>) }),
    });
    renderInShell(<SheetPage />);
    await screen.findByRole('button', { name: 'Save Setup Sheet' });
    server.change({ corners: { ...OPENED.corners, fr: { ...OPENED.corners.fr, camberDeg: -3.6 } } });

    await userEvent.click(screen.getByRole('button', { name: 'Save Setup Sheet' }));
    await screen.findByText('Saved');
    expect(server.sent.map((s) => s.ifMatch)).toEqual(['"car-7.1"', '"car-7.2"']);
    expect(server.value.corners.fl.camberDeg).toBe(-3.4);
    expect(server.value.corners.fr.camberDeg).toBe(-3.6);
    expect(server.value.ballastKg).toBe(20);
    expect(writeQueue.snapshot()).toEqual([]);
  });

  it('with no signal, waits in the write queue and shows the sent sheet at once, the changed value as the race event\'s own', async () => {
    const server = fakeServer<SetupSheet>({
      initial: OPENED,
      getUrl: '/api/cars/7/events/3/setup-sheet',
      putUrl: '/api/cars/7/events/3/setup-sheet',
      tag: (revision) => `"car-7.${revision}"`,
      apply: (value, body) => ({ ...value, ...(body as Partial<SetupSheet>) }),
    });
    renderInShell(<SheetPage />);
    await screen.findByText('Shown FL camber: -3.2 (inherited)');
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Save Setup Sheet' }));
    await screen.findByText('Shown FL camber: -3.4 (own)');
    expect(writeQueue.snapshot()).toEqual([expect.objectContaining({ name: 'Setup sheet — Car 7', method: 'PUT', url: '/api/cars/7/events/3/setup-sheet', status: 'waiting' })]);
    expect(server.sent).toEqual([]);
    offline.mockRestore();
  });
});
