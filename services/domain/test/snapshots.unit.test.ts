import fc from 'fast-check';
import {
  carDecider,
  decodeState,
  DomainError,
  encodeState,
  foldState,
  issueDecider,
  raceEventDecider,
  teamDecider,
  type Decider,
} from '../src/index.ts';

/**
 * Snapshot + tail equals a full fold, for every aggregate that can be snapshotted (a `stateVersion`),
 * over generated histories: random command sequences run through the decider (refused commands are
 * skipped, as the server would refuse them), then for every cut point k the state folded up to k,
 * written as JSON the way the snapshot store keeps it and read back, then folded with the rest,
 * equals the state folded from the start.
 */
function historyOf<C, E, S>(decider: Decider<C, E, S>, commands: C[]): E[] {
  const events: E[] = [];
  let state = decider.initialState;
  for (const command of commands) {
    try {
      const decided = decider.decide(command, state);
      events.push(...decided);
      state = decided.reduce(decider.evolve, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return events;
}

function snapshotEqualsFullFold<C, E, S>(decider: Decider<C, E, S>, commands: fc.Arbitrary<C[]>) {
  expect(decider.stateVersion).toBeGreaterThanOrEqual(1);
  fc.assert(
    fc.property(commands, (sequence) => {
      const events = historyOf(decider, sequence);
      const full = foldState(decider, events);
      for (let k = 0; k <= events.length; k++) {
        const stored = JSON.parse(JSON.stringify(encodeState(foldState(decider, events.slice(0, k))))) as unknown;
        const resumed = events.slice(k).reduce(decider.evolve, decodeState<S>(stored));
        expect(resumed).toEqual(full);
      }
    }),
    { numRuns: 60 },
  );
}

const text = fc.string({ minLength: 1, maxLength: 8 });
const maybeText = fc.option(text, { nil: null });
const smallId = fc.integer({ min: 1, max: 6 });
const raceEventId = fc.option(fc.integer({ min: 1, max: 3 }), { nil: null });
const details = fc.record({
  name: text, makeModel: text, year: fc.integer({ min: 1950, max: 2027 }), engine: maybeText, transmission: maybeText, weight: maybeText, power: maybeText,
  color: fc.constantFrom('#c8102e', '#0F4C81'), carClass: fc.constantFrom('GT3', 'GT4', 'Rally', 'Drift', 'Other' as const),
});
const suspensionValues = fc.record(Object.fromEntries(
  ['frontRideHeight', 'frontSpringRate', 'frontDamperSetting', 'frontCamber', 'frontToe', 'frontAntiRollBar', 'rearRideHeight', 'rearSpringRate', 'rearDamperSetting', 'rearCamber', 'rearToe', 'rearAntiRollBar', 'notes'].map((k) => [k, maybeText]),
)) as fc.Arbitrary<Record<string, string | null>>;

describe('snapshot + tail equals a full fold', () => {
  it('car', () => {
    const command = fc.oneof(
      fc.record({ type: fc.constant('UpdateCar' as const), data: fc.record({ details, tuningFileUrl: fc.option(text, { nil: null }), maintenance: fc.record({ lastClutchChange: fc.option(fc.constantFrom('2026-03-01', '2026-06-01'), { nil: null }) }) }) }),
      fc.record({ type: fc.constant('SetGearRatios' as const), data: fc.record({ raceEventId, rows: fc.array(fc.record({ id: smallId, name: fc.constantFrom('1st', '2nd', 'Final Drive'), ratio: fc.constantFrom('3.1', '2.2', '4.1'), speedAtMaxRpm: maybeText, notes: maybeText }), { maxLength: 3 }) }) }),
      fc.record({ type: fc.constant('SetSuspension' as const), data: fc.record({ raceEventId, suspensionId: smallId, values: suspensionValues }) }),
      fc.record({ type: fc.constant('SetTirePressures' as const), data: fc.record({ raceEventId, notes: maybeText, rows: fc.array(fc.record({ id: smallId, condition: fc.constantFrom('Dry (Cold)', 'Wet (Cold)'), frontLeft: text, frontRight: text, rearLeft: text, rearRight: text }), { maxLength: 2 }) }) }),
      fc.record({ type: fc.constant('AddChecklistItem' as const), data: fc.record({ itemId: smallId, title: text, description: maybeText, priority: fc.constantFrom('low', 'medium', 'high' as const) }) }),
      fc.record({ type: fc.constant('SetChecklistItemCompletion' as const), data: fc.record({ itemId: smallId, isCompleted: fc.boolean() }) }),
      fc.record({ type: fc.constant('RemoveChecklistItem' as const), data: fc.record({ itemId: smallId }) }),
    );
    const create = fc.record({ type: fc.constant('CreateCar' as const), data: fc.record({ carId: fc.constant(1), teamId: fc.constant(1), details, now: fc.constant('2026-03-21T10:00:00.000Z') }) });
    snapshotEqualsFullFold(carDecider, fc.tuple(create, fc.array(command, { maxLength: 25 })).map(([c, rest]) => [c, ...rest]) as fc.Arbitrary<Parameters<typeof carDecider.decide>[0][]>);
  });

  it('race event', () => {
    const schedule = { type: 'ScheduleRaceEvent' as const, data: { raceEventId: 1, carId: 1, teamId: 1, name: 'Laguna Seca', location: 'Monterey', date: '2026-03-22T00:00:00.000Z', endsOn: null, trackLength: null, weather: null, notes: null, profileImageUrl: null, timetableImageUrl: null, createdAt: '2026-03-21T10:00:00.000Z' } };
    const command = fc.oneof(
      fc.record({ type: fc.constant('SetFinalDrive' as const), data: fc.record({ finalDriveRatio: fc.constantFrom('2.866', '3.133', 'x'), finalDriveNotes: maybeText }) }),
      fc.record({ type: fc.constant('SetRaceEventImages' as const), data: fc.record({ profileImageUrl: fc.option(fc.constantFrom('/a.png', '/b.png'), { nil: null }), timetableImageUrl: fc.option(fc.constantFrom('/t.png'), { nil: null }) }) }),
    );
    snapshotEqualsFullFold(raceEventDecider, fc.array(command, { maxLength: 20 }).map((rest) => [schedule, ...rest]));
  });

  it('issue', () => {
    const raise = { type: 'RaiseIssue' as const, data: { issueId: 1, carId: 1, raceEventId: null, title: 'Brake pedal goes long', description: 'After three laps', issueType: 'issue' as const, priority: 'high' as const, status: 'open' as const, imageUrl: null, createdAt: '2026-03-21T10:00:00.000Z' } };
    const change = fc.record({ type: fc.constant('ChangeIssueStatus' as const), data: fc.record({ to: fc.constantFrom('open', 'in-progress', 'resolved' as const) }) });
    snapshotEqualsFullFold(issueDecider, fc.array(change, { maxLength: 20 }).map((rest) => [raise, ...rest]));
  });

  it('team', () => {
    const create = { type: 'CreateTeam' as const, data: { teamId: 1, ownerMemberId: 1, name: 'Apex Garage Racing', description: null, ownerUserId: 1, ownerDisplayName: 'Dana', now: '2026-03-21T10:00:00.000Z' } };
    const actor = fc.constantFrom(1, 2);
    const command = fc.oneof(
      fc.record({ type: fc.constant('AddMember' as const), data: fc.record({ actorUserId: actor, memberId: fc.integer({ min: 2, max: 5 }), userId: fc.integer({ min: 2, max: 5 }), role: fc.constantFrom('admin', 'mechanic', 'driver', 'member' as const), memberColor: fc.constant('#ff6600'), displayName: maybeText, now: fc.constant('2026-03-21T10:00:00.000Z') }) }),
      fc.record({ type: fc.constant('UpdateMember' as const), data: fc.record({ actorUserId: actor, memberId: fc.integer({ min: 1, max: 5 }), displayName: text, isActive: fc.boolean() }) }),
      fc.record({ type: fc.constant('RemoveMember' as const), data: fc.record({ actorUserId: actor, memberId: fc.integer({ min: 1, max: 5 }) }) }),
    );
    snapshotEqualsFullFold(teamDecider, fc.array(command, { maxLength: 20 }).map((rest) => [create, ...rest]));
  });
});
