import { beforeEach, describe, expect, it } from 'vitest';
import { databases, MX5 } from './helpers.ts';
import { givenTeam, scenario, testServer, type Team } from './scenario.ts';

/** The car's fuel tank capacity (litres, basic information): the race plan's default tank. Each test has a team and car of its own. */
describe.each(databases)("the car's fuel tank over the API on $name", (database) => {
  const server = testServer(database);
  let team: Team;
  let base: string;
  beforeEach(async () => {
    team = await givenTeam(server.pitwall, { car: true });
    base = `/api/cars/${team.car.id}`;
  });

  it('a new car answers no tank capacity', async () => {
    expect((await team.api.get(base)).json()).toMatchObject({ tankLitres: null });
  });

  it('PUT of the car takes the tank capacity and keeps it when left out', async () => {
    expect((await team.api.put(base, { ...MX5, tankLitres: 45 })).json()).toMatchObject({ tankLitres: 45 });
    const kept = (await team.api.put(base, { ...MX5, power: '184 hp' })).json();
    expect(kept).toMatchObject({ power: '184 hp', tankLitres: 45 });
  });

  it.each([0.5, 500.5])('refuses a tank of %s litres with a 400 naming tankLitres, appending nothing', async (tankLitres) => {
    await scenario(server.pitwall)
      .when(() => team.api.put(base, { ...MX5, tankLitres }))
      .thenAnswers({ status: 400, body: { message: expect.stringMatching(/^tankLitres\b.*1 to 500 litres/) }, appended: 0 });
  });

  it("the history lists the tank capacity's changes in the basic information", async () => {
    await team.api.put(base, { ...MX5, tankLitres: 45 });
    await team.api.put(base, { ...MX5, tankLitres: null });
    const history = (await team.api.get(`${base}/history?section=basic`)).json();
    expect(history.filter((h: { type: string }) => h.type === 'CarTankCapacitySet').map((h: { changes: unknown }) => h.changes)).toEqual([
      [{ field: 'Fuel tank (litres)', before: '45', after: null }],
      [{ field: 'Fuel tank (litres)', before: null, after: '45' }],
    ]);
  });
});
