import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.ts';
import { loadSeasonFile, parseSeason, SeasonFileError } from '../src/seed/season-file.ts';

const DEMO_FILE = path.join(REPO_ROOT, 'data', 'demo-season.json');

describe('season file format', () => {
  it('reads the demo season: team setup, 3 members, 4 cars', async () => {
    const season = await loadSeasonFile(DEMO_FILE);
    expect(season.setup.username).toBe('dana');
    expect(season.members.map((m) => m.role)).toEqual(['mechanic', 'driver', 'admin']);
    expect(season.cars.map((c) => c.car.name)).toEqual(['MX-5 #27', 'GR86 Drift', 'Civic Type R', 'STI Gravel']);
    const civic = season.cars[2]!;
    expect(civic.suspension).toBeNull();
    expect(civic.events).toEqual([]);
  });

  it('fills what a file may leave out: no members, no setup parts, default issue values', () => {
    const season = parseSeason({
      setup: { teamName: 'T', ownerName: 'O', email: 'o@example.com', username: 'own', password: 'secret1' },
      cars: [{ car: { name: 'Car', makeModel: 'Make Model', year: 2020 }, events: [{ name: 'Ev', location: 'Loc', date: '2026-01-02', issues: [{ title: 'Tt', description: 'Described' }] }] }],
    });
    expect(season.members).toEqual([]);
    expect(season.cars[0]).toMatchObject({ gearRatios: [], suspension: null, tirePressures: null, maintenance: {}, checklist: [] });
    expect(season.cars[0]!.events[0]!.issues[0]).toMatchObject({ type: 'issue', priority: 'medium', status: 'open' });
  });

  it('names the field path of every problem', async () => {
    const demo = JSON.parse(await readFile(DEMO_FILE, 'utf8'));
    demo.cars[1].car.year = '2023';
    demo.cars[0].events[0].issues[1].status = 'done';
    expect(() => parseSeason(demo, 'bad.json')).toThrow(SeasonFileError);
    expect(() => parseSeason(demo, 'bad.json')).toThrow(/cars\[1\]\.car\.year: .*expected number/);
    expect(() => parseSeason(demo, 'bad.json')).toThrow(/cars\[0\]\.events\[0\]\.issues\[1\]\.status/);
  });

  it('refuses a misspelled key instead of dropping its data', () => {
    const file = {
      setup: { teamName: 'T', ownerName: 'O', email: 'o@example.com', username: 'own', password: 'secret1' },
      cars: [{ car: { name: 'Car', makeModel: 'Make Model', year: 2020 }, gearRatio: [{ name: '1st', ratio: '3.1' }] }],
    };
    expect(() => parseSeason(file)).toThrow(/cars\[0\].*gearRatio/);
  });

  it('says which file cannot be read or is not JSON', async () => {
    await expect(loadSeasonFile('/nonexistent/season.json')).rejects.toThrow(/Cannot read \/nonexistent\/season\.json: ENOENT/);
    await expect(loadSeasonFile(path.join(REPO_ROOT, 'services/server/src/config.ts'))).rejects.toThrow(/config\.ts is not valid JSON/);
  });
});
