import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import { createSqlSnapshotStore } from '@pitwall/eventstore';
import { carDecider, carStream, foldState, type CarEvent } from '@pitwall/domain';
import { CommandBus } from '../src/command/command-bus.ts';
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

  it("reads only the events after the state the stream's previous command left", async () => {
    await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: true });
    const revision = (await pitwall.deps.store.readStream(stream)).at(-1)!.streamPosition;
    const readStream = vi.spyOn(pitwall.deps.store, 'readStream');
    try {
      expect((await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: false })).json()).toMatchObject({ isCompleted: false });
      expect(readStream.mock.calls.filter(([name]) => name === stream)).toEqual([[stream, { from: revision + 1 }]]);
    } finally {
      readStream.mockRestore();
    }
  });

  it('decides on a change another process appended to the stream since', async () => {
    await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: true });
    // Another command process: its own CommandBus on the same event store.
    const other = new CommandBus(pitwall.deps.store, createSqlSnapshotStore(pitwall.deps.db), pitwall.deps.projection, 5000);
    const context = { userId: user.id, teamId: user.teams[0]!.teamId, correlationId: randomUUID(), now: new Date() };
    await other.handle(carDecider, stream, { type: 'SetChecklistItemCompletion', data: { itemId: item.id, isCompleted: false } }, context);
    expect((await pitwall.deps.commands.load(carDecider, stream)).state).toEqual(await fullFold());
  });
});
