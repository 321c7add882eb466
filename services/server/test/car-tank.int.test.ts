import { describe, expect, it } from 'vitest';
import { buildTestPitwall, databases, eventCount, MX5, setupTeam } from './helpers.ts';

/** The car's fuel tank capacity (litres, basic information): the race plan's default tank. */
describe.each(databases)("the car's fuel tank over the API on $name", async (database) => {
  const pitwall = await buildTestPitwall(database);
  const { api } = await setupTeam(pitwall);
  const car = (await api.post('/api/cars', MX5)).json() as { id: number };
  const base = `/api/cars/${car.id}`;

  it('a new car answers no tank capacity', async () => {
    expect((await api.get(base)).json()).toMatchObject({ tankLitres: null });
  });

  it('PUT of the car takes the tank capacity and keeps it when left out', async () => {
    expect((await api.put(base, { ...MX5, tankLitres: 45 })).json()).toMatchObject({ tankLitres: 45 });
    const kept = (await api.put(base, { ...MX5, power: '184 hp' })).json();
    expect(kept).toMatchObject({ power: '184 hp', tankLitres: 45 });
  });

  it.each([0.5, 500.5])('refuses a tank of %s litres with a 400 naming tankLitres, appending nothing', async (tankLitres) => {
    const before = await eventCount(pitwall);
    const res = await api.put(base, { ...MX5, tankLitres });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^tankLitres\b.*1 to 500 litres/);
    expect(await eventCount(pitwall)).toBe(before);
  });

  it("the history lists the tank capacity's changes in the basic information", async () => {
    await api.put(base, { ...MX5, tankLitres: null });
    const history = (await api.get(`${base}/history?section=basic`)).json();
    expect(history.filter((h: { type: string }) => h.type === 'CarTankCapacitySet').map((h: { changes: unknown }) => h.changes)).toEqual([
      [{ field: 'Fuel tank (litres)', before: '45', after: null }],
      [{ field: 'Fuel tank (litres)', before: null, after: '45' }],
    ]);
  });
});
