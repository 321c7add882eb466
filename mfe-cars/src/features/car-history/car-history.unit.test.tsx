import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, subMinutes } from 'date-fns';
import type { HistoryEntry, RaceEvent, Suspension } from '@pitwall/contracts';
import { json, stubFetch } from '@pitwall/kit/test';
import { makeCar, renderRemote, user } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const LAGUNA: RaceEvent = {
  id: 3, carId: 7, name: 'Spring Sprint Round 1', location: 'WeatherTech Raceway Laguna Seca', date: '2026-03-21T00:00:00.000Z',
  trackLength: null, weather: null, notes: null, finalDriveRatio: null, finalDriveNotes: null, profileImageUrl: null, timetableImageUrl: null,
  createdAt: '2026-03-01T00:00:00.000Z',
} as RaceEvent;

const MARCO = { userId: 2, displayName: 'Marco Rossi', role: 'mechanic' as const, memberColor: '#ff6600' };
const DANA = { userId: 1, displayName: 'Dana Whitfield', role: 'owner' as const, memberColor: '#0066cc' };

function entry(n: number, overrides: Partial<HistoryEntry>): HistoryEntry {
  return { position: `100/${n}`, at: subMinutes(new Date(), n).toISOString(), type: 'SuspensionSet', section: 'suspension', eventId: null, actor: DANA, changes: [], ...overrides };
}

const SUSPENSION: Suspension = {
  id: 1, carId: 7, eventId: null, notes: null, ownFields: ['frontCamber'],
  frontRideHeight: null, frontSpringRate: null, frontDamperSetting: null, frontCamber: '-2.8°', frontToe: null, frontAntiRollBar: null,
  rearRideHeight: null, rearSpringRate: null, rearDamperSetting: null, rearCamber: null, rearToe: null, rearAntiRollBar: null,
};

/** The car detail endpoints of car 7 with `history` answering GET …/history (by query string). */
function stubHistory(history: (query: URLSearchParams) => HistoryEntry[] | Response, extra: Record<string, () => Response> = {}) {
  return stubFetch({
    'GET /api/auth/user': () => json(user),
    'GET /api/cars': () => json([makeCar()]),
    'GET /api/cars/7': () => json(makeCar()),
    'GET /api/teams/1/settings': () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C' }),
    'GET /api/cars/7/gear-ratios': () => json([]),
    'GET /api/cars/7/suspension': () => json(SUSPENSION),
    'GET /api/cars/7/tire-pressures': () => json({ items: [], notes: null }),
    'GET /api/cars/7/checklist': () => json([]),
    'GET /api/cars/7/events': () => json([LAGUNA]),
    ...Object.fromEntries(
      ['basic', 'gear-ratios', 'suspension', 'tire-pressures', 'maintenance', 'checklist'].flatMap((section) => [
        [`GET /api/cars/7/history?section=${section}&limit=20`, (_b: unknown, url: string) => answer(history, url)],
        ...Array.from({ length: 60 }, (_, i) => [`GET /api/cars/7/history?section=${section}&limit=20&before=100%2F${i}`, (_b: unknown, url: string) => answer(history, url)]),
      ]),
    ),
    ...extra,
  });
}
function answer(history: (query: URLSearchParams) => HistoryEntry[] | Response, url: string) {
  const result = history(new URL(url, 'http://localhost').searchParams);
  return result instanceof Response ? result : json(result);
}

async function openHistory(title: string) {
  await userEvent.click(await screen.findByRole('button', { name: `History of ${title}` }));
  return screen.findByRole('dialog', { name: `History of ${title}` });
}

describe("the checklist card's History", () => {
  it('shows who ticked an item and when', async () => {
    const ticked = subMinutes(new Date(), 4);
    stubHistory((q) => (q.get('section') === 'checklist' ? [entry(1, { type: 'ChecklistItemCompleted', section: 'checklist', at: ticked.toISOString(), actor: MARCO, changes: [{ field: 'Torque wheel nuts', before: 'open', after: 'completed' }] })] : []));
    renderRemote('/car/7');
    const dialog = within(await openHistory('Car Checklist'));
    expect(await dialog.findByText('Torque wheel nuts: open → completed')).toBeInTheDocument();
    expect(dialog.getByText('Marco Rossi')).toBeInTheDocument();
    expect(dialog.getByText(format(ticked, 'MMM d, yyyy HH:mm'))).toBeInTheDocument();
  });
});

describe("a card's History view", () => {
  it('offers a History button on each setup card', async () => {
    stubHistory(() => []);
    renderRemote('/car/7');
    for (const title of ['Basic Information', 'Gear Ratios', 'Suspension & Alignment', 'Tire Pressures', 'Maintenance History']) {
      expect(await screen.findByRole('button', { name: `History of ${title}` })).toHaveTextContent('History');
    }
  });

  it('shows who, when, the race event or Baseline, and the changes field by field, newest first', async () => {
    const marcoAt = subMinutes(new Date(), 3);
    stubHistory((q) =>
      q.get('section') === 'suspension'
        ? [
            entry(1, { at: marcoAt.toISOString(), actor: MARCO, changes: [{ field: 'Front camber', before: '-2.5°', after: '-2.8°' }] }),
            entry(2, { eventId: LAGUNA.id, changes: [{ field: 'Rear toe', before: null, after: '1.5mm (in)' }, { field: 'Notes', before: 'Soft', after: null }] }),
          ]
        : [],
    );
    renderRemote('/car/7');
    const dialog = within(await openHistory('Suspension & Alignment'));
    const items = await dialog.findAllByRole('listitem', { name: /^Change by/ });
    expect(items).toHaveLength(2);

    const latest = within(items[0]!);
    expect(latest.getByText('Marco Rossi')).toBeInTheDocument();
    expect(latest.getByText('Mechanic')).toBeInTheDocument();
    expect(latest.getByText(format(marcoAt, 'MMM d, yyyy HH:mm'))).toBeInTheDocument();
    expect(latest.getByText('3 minutes ago')).toBeInTheDocument();
    expect(latest.getByText('Baseline')).toBeInTheDocument();
    expect(latest.getByText('Front camber: -2.5° → -2.8°')).toBeInTheDocument();

    const older = within(items[1]!);
    expect(older.getByText('Dana Whitfield')).toBeInTheDocument();
    expect(older.getByText('Owner')).toBeInTheDocument();
    expect(await older.findByText('Spring Sprint Round 1')).toBeInTheDocument();
    expect(older.getByText('Rear toe: set to 1.5mm (in)')).toBeInTheDocument();
    expect(older.getByText('Notes: cleared (was Soft)')).toBeInTheDocument();
  });

  it('reads gear and tire rows as added or removed, and maintenance dates as MMM d, yyyy', async () => {
    stubHistory((q) => {
      if (q.get('section') === 'gear-ratios') {
        return [entry(1, { section: 'gear-ratios', type: 'GearRatiosSet', changes: [{ field: '2nd ratio', before: '2.991', after: '3.010' }, { field: '3rd', before: null, after: '2.035' }, { field: '6th', before: '1.000', after: null }] })];
      }
      if (q.get('section') === 'maintenance') {
        return [entry(1, { section: 'maintenance', type: 'CarUpdated', changes: [{ field: 'Engine Oil Change', before: null, after: '2026-10-30' }] })];
      }
      return [];
    });
    renderRemote('/car/7');
    const gears = within(await openHistory('Gear Ratios'));
    expect(await gears.findByText('2nd ratio: 2.991 → 3.010')).toBeInTheDocument();
    expect(gears.getByText('3rd: added 2.035')).toBeInTheDocument();
    expect(gears.getByText('6th: removed 1.000')).toBeInTheDocument();
    await userEvent.click(gears.getByRole('button', { name: 'Close' }));

    const maintenance = within(await openHistory('Maintenance History'));
    expect(await maintenance.findByText('Engine Oil Change: set to Oct 30, 2026')).toBeInTheDocument();
  });

  it("pages with 'Load more' from the position of the last entry", async () => {
    const mock = stubHistory((q) => {
      const before = q.get('before');
      if (!before) return Array.from({ length: 20 }, (_, i) => entry(i, { changes: [{ field: 'Front camber', before: `-${i + 1}°`, after: `-${i}°` }] }));
      return [entry(20, { changes: [{ field: 'Front ride height', before: null, after: '120mm' }] })];
    });
    renderRemote('/car/7');
    const dialog = within(await openHistory('Suspension & Alignment'));
    expect(await dialog.findAllByRole('listitem', { name: /^Change by/ })).toHaveLength(20);
    expect(dialog.queryByText('Front ride height: set to 120mm')).not.toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Load more' }));
    expect(await dialog.findByText('Front ride height: set to 120mm')).toBeInTheDocument();
    expect(dialog.getAllByRole('listitem', { name: /^Change by/ })).toHaveLength(21);
    expect(dialog.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const urls = mock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/history'));
    expect(urls).toEqual(['/api/cars/7/history?section=suspension&limit=20', '/api/cars/7/history?section=suspension&limit=20&before=100%2F19']);
  });

  it("shows 'No changes recorded yet.' when nothing changed, and a placeholder while loading", async () => {
    let release: (r: Response) => void = () => {};
    stubHistory(() => new Response(), {
      'GET /api/cars/7/history?section=tire-pressures&limit=20': () => new Promise<Response>((r) => (release = r)) as unknown as Response,
    });
    renderRemote('/car/7');
    const dialog = within(await openHistory('Tire Pressures'));
    expect(dialog.getByLabelText('Loading history')).toBeInTheDocument();
    release(json([]));
    expect(await dialog.findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it("refreshes the section's history after a successful save", async () => {
    let saved = false;
    const mock = stubHistory(() => (saved ? [entry(1, { actor: DANA, changes: [{ field: 'Front camber', before: '-2.8°', after: '-3.0°' }] })] : []), {
      'PUT /api/cars/7/suspension': () => {
        saved = true;
        return json({ ...SUSPENSION, frontCamber: '-3.0°' });
      },
    });
    renderRemote('/car/7');
    let dialog = within(await openHistory('Suspension & Alignment'));
    expect(await dialog.findByText('No changes recorded yet.', {}, { timeout: 3000 })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));

    // The closing dialog keeps the page hidden from the accessibility tree for a moment: wait for the button.
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Suspension & Alignment' }, { timeout: 3000 }));
    const form = within(await screen.findByRole('form', { name: 'Edit Suspension & Alignment' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await screen.findByText('Suspension settings updated successfully', {}, { timeout: 3000 });

    dialog = within(await openHistory('Suspension & Alignment'));
    expect(await dialog.findByText('Front camber: -2.8° → -3.0°', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(mock.mock.calls.filter(([u]) => String(u).includes('history?section=suspension')).length).toBe(2));
  });
});
