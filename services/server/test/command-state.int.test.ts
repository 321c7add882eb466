import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSqlSnapshotStore } from '@pitwall/eventstore';
import { carDecider, carStream, foldState, type CarEvent } from '@pitwall/domain';
import { CommandHandler } from '../src/command/command-handler.ts';
import { databases } from './helpers.ts';
import { created, givenTeam, testServer, type Team } from './scenario.ts';

/**
 * The state a command leaves, kept in memory for the stream's next command: that command reads only
 * the events after it, and still decides on every event stored since, whoever appended it.
 *
 * Each test has a team of its own (beforeEach) with its MX-5 and a checklist item on it.
 */
describe.each(databases)('the state a command leaves ($name)', (database) => {
  const server = testServer(database);
  let api: Team['api'];
  let user: Team['user'];
  let car: { id: number };
  let item: { id: number };
  let stream: ReturnType<typeof carStream>;
  beforeEach(async () => {
    ({ api, user, car } = await givenTeam(server.pitwall, { car: true }));
    item = await created(api.post(`/api/cars/${car.id}/checklist`, { title: 'Bleed the brakes' }));
    stream = carStream(car.id);
  });
  const fullFold = async () => foldState(carDecider, (await server.pitwall.deps.store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as CarEvent));

  it("reads nothing of the stream when it is where the stream's previous command left it", async () => {
    await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: true });
    const before = (await server.pitwall.deps.store.readStream(stream)).length;
    const readStream = vi.spyOn(server.pitwall.deps.store, 'readStream');
    try {
      expect((await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: false })).json()).toMatchObject({ isCompleted: false });
      expect(readStream.mock.calls.filter(([name]) => name === stream)).toEqual([]);
    } finally {
      readStream.mockRestore();
    }
    expect((await server.pitwall.deps.store.readStream(stream)).length).toBe(before + 1);
  });

  /** Another command process: its own CommandHandler on the same event store. */
  const otherProcess = () => ({
    handler: new CommandHandler(server.pitwall.deps.store, createSqlSnapshotStore(server.pitwall.deps.db), server.pitwall.deps.projection, 5000),
    context: { userId: user.id, teamId: user.teams[0]!.teamId, correlationId: randomUUID(), now: new Date() },
  });
  const complete = (isCompleted: boolean) => ({ type: 'SetChecklistItemCompletion' as const, data: { itemId: item.id, isCompleted } });

  it('decides on a change another process appended to the stream since', async () => {
    await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: true });
    const other = otherProcess();
    await other.handler.handle(carDecider, stream, complete(false), other.context);
    expect((await server.pitwall.deps.commands.load(carDecider, stream)).state).toEqual(await fullFold());
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
    const stored = (await server.pitwall.deps.store.readStream(stream)).length;
    const res = await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isCompleted: false });
    expect((await server.pitwall.deps.store.readStream(stream)).length).toBe(stored);
  });
});
