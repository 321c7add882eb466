import { carDecider, carStream, foldState, type CarEvent } from '@pitwall/domain';
import type { Pitwall } from '../src/composition-root.ts';
import { SNAPSHOT_EVERY } from '../src/command/command-handler.ts';
import { buildTestPitwall, databases, MX5, setupTeam } from './helpers.ts';

/**
 * Snapshots on a real database (PGlite, and PostgreSQL when configured): a car with more than
 * SNAPSHOT_EVERY changes gets a snapshot, commands then fold only the events after it, and the state
 * they decide on equals the full fold of the stream; without the snapshot (deleted: it is a cache)
 * everything still works.
 */
describe.each(databases)('aggregate snapshots ($name)', (database) => {
  let pitwall: Pitwall;
  beforeAll(async () => {
    pitwall = await buildTestPitwall(database);
  });

  it('snapshots a long car stream and decides on the same state as a full fold', async () => {
    const { api } = await setupTeam(pitwall, { username: 'snapdana' });
    const car = (await api.post('/api/cars', MX5)).json() as { id: number };
    const item = (await api.post(`/api/cars/${car.id}/checklist`, { title: 'Torque wheel nuts' })).json() as { id: number };
    for (let i = 0; i < SNAPSHOT_EVERY + 10; i++) {
      expect((await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: i % 2 === 0 })).statusCode).toBe(200);
    }
    const { rows } = await pitwall.deps.db.query<{ revision: number }>('SELECT revision FROM snapshots WHERE stream_name = $1', [carStream(car.id)]);
    expect(rows[0]!.revision).toBeGreaterThanOrEqual(SNAPSHOT_EVERY - 1);

    const loaded = await pitwall.deps.commands.load(carDecider, carStream(car.id));
    const stream = await pitwall.deps.store.readStream(carStream(car.id));
    expect(loaded.revision).toBe(stream.at(-1)!.streamPosition);
    expect(loaded.snapshotRevision).toBe(rows[0]!.revision);
    expect(loaded.state).toEqual(foldState(carDecider, stream.map((e) => ({ type: e.type, data: e.data }) as CarEvent)));

    // A snapshot is a cache: without it the next command folds the whole stream and succeeds.
    await pitwall.deps.db.query('DELETE FROM snapshots WHERE stream_name = $1', [carStream(car.id)]);
    expect((await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: false })).json()).toMatchObject({ isCompleted: false });
    expect((await api.delete(`/api/cars/${car.id}/checklist/${item.id}`)).statusCode).toBe(204);
  });
});
