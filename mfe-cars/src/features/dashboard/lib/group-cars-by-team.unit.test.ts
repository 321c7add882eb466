import { makeCar } from '../../../../test/fixtures';
import { ALL_TEAMS, groupCarsByTeam } from './group-cars-by-team';

const teams = [
  { teamId: 1, teamName: 'Apex Garage Racing' },
  { teamId: 2, teamName: 'Second Team' },
  { teamId: 3, teamName: 'Empty Team' },
];
const red = makeCar({ id: 7, teamId: 1, teamName: 'Apex Garage Racing' });
const blue = makeCar({ id: 8, teamId: 2, teamName: 'Second Team' });
const green = makeCar({ id: 9, teamId: 1, teamName: 'Apex Garage Racing' });

describe('groupCarsByTeam', () => {
  it("groups the cars by team in the user's team order, empty teams included", () => {
    expect(groupCarsByTeam([blue, red, green], teams, ALL_TEAMS).map((g) => [g.teamName, g.cars.map((c) => c.id)])).toEqual([
      ['Apex Garage Racing', [7, 9]],
      ['Second Team', [8]],
      ['Empty Team', []],
    ]);
  });
  it('keeps only the filtered team; an unknown filter keeps all', () => {
    expect(groupCarsByTeam([blue, red], teams, '2').map((g) => g.teamName)).toEqual(['Second Team']);
    expect(groupCarsByTeam([blue, red], teams, '99')).toHaveLength(3);
  });
  it("adds a team a car names that the user's list lacks", () => {
    expect(groupCarsByTeam([makeCar({ id: 10, teamId: 4, teamName: 'Guest Team' })], teams.slice(0, 1)).map((g) => g.teamName)).toEqual(['Apex Garage Racing', 'Guest Team']);
  });
});
