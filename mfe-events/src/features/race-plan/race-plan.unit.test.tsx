import { screen } from '@testing-library/react';
import { DEFAULT_RACE_PLAN_INPUT, planRace } from '@pitwall/contracts';
import { json, stubFetch } from '@pitwall/kit/test';
import { makeCar, makeRaceEvent, renderRemote, user } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const laguna = makeRaceEvent();
/** The plan of a race event without a saved plan, as GET …/race-plan answers it. */
const unsaved = { saved: false, ...DEFAULT_RACE_PLAN_INPUT, ...planRace(DEFAULT_RACE_PLAN_INPUT) };

function stub(plan: object) {
  return stubFetch({
    'GET /api/auth/user': () => json(user),
    'GET /api/cars': () => json([makeCar({ tankLitres: 45 })]),
    'GET /api/cars/7': () => json(makeCar({ tankLitres: 45 })),
    'GET /api/cars/7/events': () => json([laguna]),
    'GET /api/cars/7/events/3': () => json(laguna),
    'GET /api/teams/1/members': () => json([]),
    'GET /api/cars/7/events/3/sessions': () => json([]),
    'GET /api/cars/7/events/3/race-plan': () => json(plan),
  });
}

describe("Race Plan's tank", () => {
  it("starts from the car's fuel tank, marked 'from the car', when the plan has none", async () => {
    stub(unsaved);
    renderRemote('/car/7/events?eventId=3&tab=race-plan');
    const tank = await screen.findByRole('textbox', { name: 'Tank capacity (L)' });
    expect(tank).toHaveValue('45');
    expect(screen.getByText('from the car')).toBeInTheDocument();
  });

  it("keeps the plan's own tank over the car's, without the mark", async () => {
    stub({ ...unsaved, saved: true, tankLitres: 80 });
    renderRemote('/car/7/events?eventId=3&tab=race-plan');
    expect(await screen.findByRole('textbox', { name: 'Tank capacity (L)' })).toHaveValue('80');
    expect(screen.queryByText('from the car')).not.toBeInTheDocument();
  });
});
