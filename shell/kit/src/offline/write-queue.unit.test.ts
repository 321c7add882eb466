import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { WriteQueue, changeAsText, type Send } from './write-queue';
import { rememberRepresentation } from './offline-storage';

const PRESSURES_URL = '/api/cars/7/tire-pressures';
const base = { items: [{ condition: 'Dry (Cold)', frontLeft: '28', frontRight: '28' }], notes: null };
const edit = (frontLeft: string, frontRight = '28') => ({ items: [{ condition: 'Dry (Cold)', frontLeft, frontRight }], notes: null });

/** A server: answers each request from `answers` in turn (a function may inspect it), recording what was sent. */
function server(...answers: ((init: RequestInit) => Response | Promise<Response>)[]) {
  const sent: { url: string; method: string | undefined; headers: Record<string, string>; body: unknown }[] = [];
  const send: Send = async (url, init) => {
    sent.push({ url, method: init.method, headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(init.body as string) : undefined });
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return answer(init);
  };
  return { send, sent };
}
const ok = (body: unknown = {}) => () => Response.json(body);
const stale = (body: unknown, etag: string) => () => Response.json(body, { status: 412, headers: { ETag: etag } });

/** Waits until the representation written in the background is readable (IndexedDB is asynchronous). */
async function remembered(url: string, body: unknown, etag: string) {
  rememberRepresentation(url, { etag, body });
  await vi.waitFor(async () => expect(await (await import('./offline-storage')).representationOf(url)).toEqual({ etag, body }));
}

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  const { clear } = await import('idb-keyval');
  const { offlineStores } = await import('./offline-storage');
  await Promise.all(Object.values(offlineStores()).map((store) => clear(store)));
});

describe('the write queue', () => {
  it('keeps changes across a restart (IndexedDB), per user, with their Idempotency-Key, ETag and base', async () => {
    await remembered(PRESSURES_URL, base, '"r5"');
    const first = new WriteQueue(server().send);
    await first.signIn(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const change = await first.enqueue({ name: 'Tire pressures — Car 7', method: 'PUT', url: PRESSURES_URL, body: edit('29'), invalidates: [] });
    expect(change).toMatchObject({ ifMatch: '"r5"', base, status: 'waiting', userId: 1 });
    expect(change.id).toMatch(/^[0-9a-f-]{32,36}$/);

    const afterRestart = new WriteQueue(server().send);
    await afterRestart.signIn(1);
    expect(afterRestart.snapshot()).toEqual([change]);
    const otherUser = new WriteQueue(server().send);
    await otherUser.signIn(2);
    expect(otherUser.snapshot()).toEqual([]);
    expect(changeAsText(change)).toContain(`PUT ${PRESSURES_URL}\nIdempotency-Key: ${change.idempotencyKey}\nIf-Match: "r5"`);
  });

  it('sends the changes in order when the signal returns, each once with its key, and refreshes what they change', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { send, sent } = server(() => Promise.reject(new TypeError('Failed to fetch')), ok(), ok());
    const queue = new WriteQueue(send);
    queue.attach(queryClient);
    await queue.signIn(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const a = await queue.enqueue({ name: 'A', method: 'PUT', url: PRESSURES_URL, body: edit('29'), invalidates: [['cars', 7, 'tire-pressures']] });
    const b = await queue.enqueue({ name: 'B', method: 'PATCH', url: '/api/cars/7/checklist/4', body: { isCompleted: true }, invalidates: [['cars', 7, 'checklist']] });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await queue.flush(); // the network fails: both wait
    expect(queue.snapshot().map((c) => c.name)).toEqual(['A', 'B']);
    await queue.flush();
    expect(sent.map((s) => [s.method, s.headers['Idempotency-Key']])).toEqual([['PUT', a.idempotencyKey], ['PUT', a.idempotencyKey], ['PATCH', b.idempotencyKey]]);
    expect(queue.snapshot()).toEqual([]);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['cars', 7, 'tire-pressures'], ['cars', 7, 'checklist']]);
    queue.online(); // a stray online event sends nothing again
    await queue.flush();
    expect(sent).toHaveLength(3);
  });

  it('on 412 merges a field only the other side changed and resends with the new ETag', async () => {
    await remembered(PRESSURES_URL, base, '"r5"');
    const theirs = { items: [{ condition: 'Dry (Cold)', frontLeft: '28', frontRight: '27' }], notes: null };
    const { send, sent } = server(stale(theirs, '"r6"'), ok());
    const queue = new WriteQueue(send);
    await queue.signIn(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const change = await queue.enqueue({ name: 'A', method: 'PUT', url: PRESSURES_URL, body: edit('29'), invalidates: [] });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await queue.flush();
    expect(sent[0]!.headers['If-Match']).toBe('"r5"');
    // The server keeps its 412 under the first key: the merged change goes with a new one.
    expect(sent[1]).toMatchObject({ headers: { 'If-Match': '"r6"' }, body: edit('29', '27') });
    expect(sent[1]!.headers['Idempotency-Key']).not.toBe(change.idempotencyKey);
    expect(queue.snapshot()).toEqual([]);
  });

  it('on 412 with a field both changed waits for the choice, then sends it as a change; an item is merged against its own entry of the list', async () => {
    const list = [{ id: 4, title: 'Torque wheel nuts', isCompleted: false }, { id: 5, title: 'Brakes', isCompleted: false }];
    await remembered('/api/cars/7/checklist', list, '"r5"');
    const theirs = [{ ...list[0]!, isCompleted: false, title: 'Torque wheel nuts (108 Nm)' }, list[1]!];
    const { send, sent } = server(stale(theirs, '"r6"'));
    const queue = new WriteQueue(send);
    await queue.signIn(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const tick = await queue.enqueue({ name: 'Tick', method: 'PATCH', url: '/api/cars/7/checklist/4', body: { isCompleted: true }, invalidates: [] });
    expect(tick.base).toEqual(list[0]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await queue.flush();
    // Only the title changed on their side: merged and resent with the new ETag; no answer (network), so it waits, based on theirs.
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ headers: { 'If-Match': '"r6"' }, body: { isCompleted: true } });

    const afterRestart = new WriteQueue(server().send);
    await afterRestart.signIn(1);
    expect(afterRestart.snapshot()).toEqual([{ ...tick, idempotencyKey: sent[1]!.headers['Idempotency-Key'], ifMatch: '"r6"', base: theirs[0] }]);
  });

  it('asks when both changed the same field, and sends the choice with the server’s ETag', async () => {
    await remembered(PRESSURES_URL, base, '"r5"');
    const theirs = { items: [{ condition: 'Dry (Cold)', frontLeft: '27', frontRight: '28' }], notes: null };
    const { send, sent } = server(stale(theirs, '"r6"'), ok());
    const queue = new WriteQueue(send);
    await queue.signIn(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const change = await queue.enqueue({ name: 'A', method: 'PUT', url: PRESSURES_URL, body: edit('30'), invalidates: [] });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await queue.flush();
    expect(queue.snapshot()[0]).toMatchObject({ status: 'conflict', conflict: { etag: '"r6"', fields: [{ path: 'items.0.frontLeft', base: '28', mine: '30', theirs: '27' }] } });
    expect(sent).toHaveLength(1);
    await queue.resolve(change.id, { 'items.0.frontLeft': 'theirs' });
    expect(sent[1]).toMatchObject({ headers: { 'If-Match': '"r6"' }, body: edit('27') });
    expect(sent[1]!.headers['Idempotency-Key']).not.toBe(change.idempotencyKey);
    expect(queue.snapshot()).toEqual([]);
  });

  it("asks before a run sheet's offline change of cold front left replaces a newer one: based on the session as its form opened, seen through its tire pressures", async () => {
    const SESSIONS_URL = '/api/cars/7/events/3/sessions';
    const pressures = { cold: { fl: 27.5, fr: 27.5, rl: 27, rr: 27, tempC: 19 }, hot: { fl: 34, fr: 34.5, rl: 33, rr: 33 } };
    const opened = [{ id: 9, name: 'FP2', tirePressures: pressures }];
    // The engineer's newer cold front left; the 412 of a session change answers the session itself.
    const theirs = { id: 9, name: 'FP2', tirePressures: { ...pressures, cold: { ...pressures.cold, fl: 28.2 } } };
    const { send, sent } = server(stale(theirs, '"session-9.4"'));
    const queue = new WriteQueue(send);
    await queue.signIn(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const mine = { ...pressures, cold: { ...pressures.cold, fl: 27.0 } };
    await queue.enqueue({ name: 'Run sheet: FP2 tire pressures', method: 'PUT', url: `${SESSIONS_URL}/9/tire-pressures`, body: mine, invalidates: [] }, { representation: { etag: '"sessions-raceEvent-3.a"', body: opened }, view: { itemId: 9, field: 'tirePressures' } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await queue.flush();
    expect(sent[0]!.headers['If-Match']).toBe('"sessions-raceEvent-3.a"');
    expect(queue.snapshot()[0]).toMatchObject({ status: 'conflict', conflict: { etag: '"session-9.4"', fields: [{ path: 'cold.fl', base: 27.5, mine: 27.0, theirs: 28.2 }] } });
  });

  describe("a pit stop's correction after a 412 (the timing import's laps changed the session meanwhile)", () => {
    /** Sends PATCH …/pit-stops/31 { stopMs } offline, based on the session list `opened`, and flushes it against a 412 answering `theirs`; answers what was sent. */
    async function correctStop(opened: unknown[], theirs: unknown) {
      const { send, sent } = server(stale(theirs, '"session-21.9"'), ok());
      const queue = new WriteQueue(send);
      await queue.signIn(1);
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      await queue.enqueue(
        { name: 'Run sheet: Race pit stop', method: 'PATCH', url: '/api/cars/7/events/3/sessions/21/pit-stops/31', body: { stopMs: 72_204 }, invalidates: [] },
        { representation: { etag: '"sessions-raceEvent-3.a"', body: opened }, view: { itemId: 21, field: 'pitStops', entry: { key: 'stopId', id: 31 } } },
      );
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      await queue.flush();
      return { sent, left: queue.snapshot() };
    }
    const stop = (stopId: number, inLap: number, stopMs: number | null) => ({ stopId, inLap, stopMs, fuelAddedLitres: 60, tireSetId: null, driverMemberId: null, at: null, notes: null });

    it("is resent as the stop's own fields, merged against that stop", async () => {
      // Meanwhile the laps were saved and another phone filled the other stop's time.
      const { sent, left } = await correctStop(
        [{ id: 21, name: 'Race', laps: [], pitStops: [stop(31, 35, null), stop(32, 64, null)] }],
        { id: 21, name: 'Race', laps: [{ lapNumber: 1 }], pitStops: [stop(31, 35, null), stop(32, 64, 73_475)] },
      );
      expect(sent[1]).toMatchObject({ headers: { 'If-Match': '"session-21.9"' }, body: { stopMs: 72_204 } });
      expect(left).toEqual([]);
    });

    it('of a stop its form never showed (logged after the form opened) is based on the stop as the server holds it', async () => {
      const { sent, left } = await correctStop([{ id: 21, name: 'Race', pitStops: [] }], { id: 21, name: 'Race', pitStops: [stop(31, 35, null)] });
      expect(sent[1]).toMatchObject({ headers: { 'If-Match': '"session-21.9"' }, body: { stopMs: 72_204 } });
      expect(left).toEqual([]);
    });
  });

  it('keeps a change refused, not resent for ever, when a 412 names the version it was sent with', async () => {
    await remembered(PRESSURES_URL, base, '"r5"');
    const { send, sent } = server(stale(base, '"r5"'));
    const queue = new WriteQueue(send);
    await queue.signIn(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await queue.enqueue({ name: 'A', method: 'PUT', url: PRESSURES_URL, body: edit('30'), invalidates: [] });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await queue.flush();
    expect(sent).toHaveLength(1);
    expect(queue.snapshot()[0]).toMatchObject({ status: 'refused' });
  });

  it('keeps a change the server refuses, with its message, copyable and discardable; the next one is still sent', async () => {
    const { send, sent } = server(() => Response.json({ message: 'Issue not found' }, { status: 404 }), ok());
    const queue = new WriteQueue(send);
    await queue.signIn(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const refused = await queue.enqueue({ name: 'Issue', method: 'PATCH', url: '/api/cars/7/issues/9', body: { status: 'resolved' }, invalidates: [] });
    await queue.enqueue({ name: 'B', method: 'PATCH', url: '/api/cars/7/checklist/4', body: { isCompleted: true }, invalidates: [] });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await queue.flush();
    expect(sent).toHaveLength(2);
    expect(queue.snapshot()).toEqual([{ ...refused, status: 'refused', error: 'Issue not found' }]);
    await queue.discard(refused.id);
    expect(queue.snapshot()).toEqual([]);
  });

  it('an online save waiting for a choice hears the saved choice when the dialog closes as the choice is made', async () => {
    const { send } = server(ok({ frontLeft: '30' }));
    const queue = new WriteQueue(send);
    await queue.signIn(1);
    const conflict = { fields: [{ path: 'frontLeft', base: '28', mine: '30', theirs: '27' }], merged: { frontLeft: '30' }, theirs: { frontLeft: '27' }, etag: '"r6"' };
    const saved = queue.ask({ id: 'c1', idempotencyKey: 'k1', name: 'A', method: 'PUT', url: PRESSURES_URL, body: { frontLeft: '30' }, ifMatch: '"r5"', base: { frontLeft: '28' }, invalidates: [], conflict });
    await vi.waitFor(() => expect(queue.isAwaited('c1')).toBe(true));
    await vi.waitFor(() => expect(queue.snapshot()).toHaveLength(1));
    const resolved = queue.resolve('c1', { frontLeft: 'mine' });
    queue.release('c1');
    await resolved;
    await expect(saved).resolves.toEqual({ etag: undefined, body: { frontLeft: '30' } });
  });
});
