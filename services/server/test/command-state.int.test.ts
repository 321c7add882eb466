import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import { createSqlSnapshotStore } from '@pitwall/eventstore';
import { carDecider, carStream, foldState, type CarEvent } from '@pitwall/domain';
import { CommandHandler } from '../src/command/command-handler.ts';
import { buildTestPitwall, databases, MX5, setupTeam } from './helpers.ts';

/**
 * The state a command leaves, kept in memory for the stream's next command: that command reads only
 * the events after it, and still decides on every event stored since, whoever appended it.
 */
describe.each(databases)('the state a command leaves ($name)', async (database) => {
  const pitwall = await buildTestPitwall(database);
  const { api, user } = await setupTeam(pitwall, { username: 'statedana' });
  const car = (await api.post('/api/cars', MX5)).json() as { id: number };
  const item = (await api.post(`/api/cars/${car.id}/checklist`, { title: 'Bleed the brakes' })).json() as { id: number };
  const stream = carStream(car.id);
  const fullFold = async () => foldState(carDecider, (await pitwall.deps.store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as CarEvent));

  it("reads nothing of the stream when it is where the stream's previous command left it", async () => {
    await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: true });
    const before = (await pitwall.deps.store.readStream(stream)).length;
    const readStream = vi.spyOn(pitwall.deps.store, 'readStream');
    try {
      expect((await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: false })).json()).toMatchObject({ isCompleted: false });
      expect(readStream.mock.calls.filter(([name]) => name === stream)).toEqual([]);
    } finally {
      readStream.mockRestore();
    }
    expect((await pitwall.deps.store.readStream(stream)).length).toBe(before + 1);
  });

  /** Another command process: its own CommandHandler on the same event store. */
  const otherProcess = () => ({
    handler: new CommandHandler(pitwall.deps.store, createSqlSnapshotStore(pitwall.deps.db), pitwall.deps.projection, 5000),
    context: { userId: user.id, teamId: user.teams[0]!.teamId, correlationId: randomUUID(), now: new Date() },
  });
  const complete = (isCompleted: boolean) => ({ type: 'SetChecklistItemCompletion' as const, data: { itemId: item.id, isCompleted } });

  it('decides on a change another process appended to the stream since', async () => {
    await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: true });
    const other = otherProcess();
    await other.handler.handle(carDecider, stream, complete(false), other.context);
    expect((await pitwall.deps.commands.load(carDecider, stream)).state).toEqual(await fullFold());
  });

  it("changes what another process changed since, though the change was already made as this process's last command left it", async () => {
    await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: true });
    const other = otherProcess();
    await other.handler.handle(carDecider, stream, complete(false), other.context);
    expect((await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: true })).json()).toMatchObject({ isCompleted: true });
    expect((await fullFold()) as unknown).toMatchObject({ checklist: new Map([[item.id, { isCompleted: true }]]) });
  });

  it('appends nothing, and answers no conflict, when another process made the same change since', async () => {
    await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: true });
    const other = otherProcess();
    await other.handler.handle(carDecider, stream, complete(false), other.context);
    const stored = (await pitwall.deps.store.readStream(stream)).length;
    const res = await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isCompleted: false });
    expect((await pitwall.deps.store.readStream(stream)).length).toBe(stored);
  });
});
