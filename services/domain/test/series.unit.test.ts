import { describe, expect, it } from 'vitest';
import { ConflictError, decodeState, encodeState, foldState, ForbiddenError, NotFoundError, seriesDecider, ValidationError, type SeriesEvent } from '../src/index.ts';
import { spec } from './spec.ts';

const NOW = '2026-04-01T09:00:00.000Z';
/** Series 1 organised by user 9, classes Cup and GT4, round 11, code K7QX2M9P (until May 1), checklist items 21 and 22. */
const SERIES: SeriesEvent[] = [
  { type: 'SeriesCreated', data: { seriesId: 1, name: 'Club Sprint Cup', season: '2026', classes: ['Cup', 'GT4'], organiserId: '9', createdAt: NOW } },
  { type: 'RoundAdded', data: { seriesId: 1, roundId: 11, name: 'Round 1', location: 'Laguna Seca', date: '2026-04-12', endsOn: '2026-04-12' } },
  { type: 'JoinCodeIssued', data: { seriesId: 1, joinCodeId: 1, code: 'K7QX2M9P', issuedAt: NOW, expiresAt: '2026-05-01T09:00:00.000Z' } },
  { type: 'ScrutineeringItemsSet', data: { seriesId: 1, items: [{ itemId: 21, title: 'Seat FIA label valid' }, { itemId: 22, title: 'Fire extinguisher armed' }], retiredItemIds: [] } },
];
/** Team 3 (user 4 is its owner) entered with car 7 as Cup #27 (entry 31). */
const ENTERED: SeriesEvent[] = [
  ...SERIES,
  { type: 'TeamEnteredSeries', data: { seriesId: 1, teamEntryId: 41, teamId: 3, code: 'K7QX2M9P', enteredAt: NOW } },
  { type: 'CarEntered', data: { seriesId: 1, entryId: 31, teamId: 3, carId: 7, class: 'Cup', number: '27', enteredAt: NOW } },
];
const OWNER = [{ teamId: 3, role: 'owner' as const }];

describe('series decider', () => {
  it('CreateSeries records the series with its organiser; twice is a conflict', () => {
    const create = { type: 'CreateSeries' as const, data: { seriesId: 1, name: 'Club Sprint Cup', season: '2026', classes: ['Cup', 'GT4'], organiserUserId: 9, now: NOW } };
    spec(seriesDecider).given([]).when(create).then([SERIES[0]!]);
    spec(seriesDecider).given(SERIES).when(create).thenThrows(ConflictError);
  });

  it('only the organiser adds rounds, makes codes, defines items and records scrutineering (403 for anyone else)', () => {
    spec(seriesDecider).given(SERIES).when({ type: 'AddRound', data: { actorUserId: 4, roundId: 12, name: 'R2', location: 'Sonoma', date: '2026-05-03', endsOn: '2026-05-03' } }).thenThrows(ForbiddenError, /organiser/);
    spec(seriesDecider).given(SERIES).when({ type: 'IssueJoinCode', data: { actorUserId: 4, joinCodeId: 2, code: 'AAAABBBB', now: NOW } }).thenThrows(ForbiddenError);
    spec(seriesDecider).given(SERIES).when({ type: 'SetScrutineeringItems', data: { actorUserId: 4, items: [], newItemIds: [] } }).thenThrows(ForbiddenError);
    spec(seriesDecider).given(ENTERED).when({ type: 'RecordScrutineering', data: { actorUserId: 4, roundId: 11, entryId: 31, results: [] } }).thenThrows(ForbiddenError);
  });

  it('a join code admits teams for 30 days', () => {
    spec(seriesDecider)
      .given(SERIES.slice(0, 2))
      .when({ type: 'IssueJoinCode', data: { actorUserId: 9, joinCodeId: 1, code: 'K7QX2M9P', now: NOW } })
      .then([SERIES[2]!]);
    const enter = (code: string, now: string) => ({ type: 'EnterTeam' as const, data: { actorTeams: OWNER, teamEntryId: 41, teamId: 3, code, now } });
    spec(seriesDecider).given(SERIES).when(enter('K7QX2M9P', NOW)).then([ENTERED[4]!]);
    spec(seriesDecider).given(SERIES).when(enter('K7QX2M9P', '2026-05-01T09:00:00.000Z')).thenThrows(ValidationError, /^code: /);
    spec(seriesDecider).given(SERIES).when(enter('AAAABBBB', NOW)).thenThrows(ValidationError, /not valid/);
    spec(seriesDecider).given(ENTERED).when(enter('K7QX2M9P', NOW)).then([]);
  });

  it('entering the team or a car needs its owner or an admin; another team is not found', () => {
    const enterTeam = (actorTeams: { teamId: number; role: 'admin' | 'mechanic' }[]) => ({ type: 'EnterTeam' as const, data: { actorTeams, teamEntryId: 41, teamId: 3, code: 'K7QX2M9P', now: NOW } });
    spec(seriesDecider).given(SERIES).when(enterTeam([{ teamId: 3, role: 'mechanic' }])).thenThrows(ForbiddenError, /owner or an admin/);
    spec(seriesDecider).given(SERIES).when(enterTeam([{ teamId: 5, role: 'admin' }])).thenThrows(NotFoundError);
    spec(seriesDecider).given(SERIES).when(enterTeam([{ teamId: 3, role: 'admin' }])).then([{ ...ENTERED[4]! }]);
  });

  it('a car enters a class of the series (any case) under a number free among the active entries', () => {
    const enterCar = (carId: number, klass: string, number: string) => ({ type: 'EnterCar' as const, data: { actorTeams: OWNER, entryId: 32, teamId: 3, carId, class: klass, number, now: NOW } });
    spec(seriesDecider).given(SERIES).when(enterCar(8, 'GT4', '12')).thenThrows(ValidationError, /has not entered this series/);
    spec(seriesDecider).given(ENTERED).when(enterCar(8, 'gt4', '12')).then([{ type: 'CarEntered', data: { seriesId: 1, entryId: 32, teamId: 3, carId: 8, class: 'GT4', number: '12', enteredAt: NOW } }]);
    spec(seriesDecider).given(ENTERED).when(enterCar(8, 'Formula', '12')).thenThrows(ValidationError, /^class: /);
    spec(seriesDecider).given(ENTERED).when(enterCar(8, 'GT4', '27')).thenThrows(ConflictError, /^number: Number 27/);
    spec(seriesDecider).given(ENTERED).when(enterCar(7, 'GT4', '12')).thenThrows(ConflictError, /^carId: /);
    const withdrawn: SeriesEvent = { type: 'EntryWithdrawn', data: { seriesId: 1, entryId: 31, number: '27', class: 'Cup' } };
    spec(seriesDecider).given([...ENTERED, withdrawn]).when(enterCar(8, 'Cup', '27')).then([{ type: 'CarEntered', data: { seriesId: 1, entryId: 32, teamId: 3, carId: 8, class: 'Cup', number: '27', enteredAt: NOW } }]);
  });

  it("withdrawing is the entry's team's (owner or admin); a withdrawn entry is gone for every command", () => {
    const withdraw = (actorTeams: { teamId: number; role: 'owner' | 'driver' }[]) => ({ type: 'WithdrawEntry' as const, data: { actorTeams, entryId: 31 } });
    const withdrawn: SeriesEvent = { type: 'EntryWithdrawn', data: { seriesId: 1, entryId: 31, number: '27', class: 'Cup' } };
    spec(seriesDecider).given(ENTERED).when(withdraw([])).thenThrows(NotFoundError, /Entry not found/);
    spec(seriesDecider).given(ENTERED).when(withdraw([{ teamId: 3, role: 'driver' }])).thenThrows(ForbiddenError);
    spec(seriesDecider).given(ENTERED).when(withdraw(OWNER)).then([withdrawn]);
    spec(seriesDecider).given([...ENTERED, withdrawn]).when(withdraw(OWNER)).thenThrows(NotFoundError);
    spec(seriesDecider)
      .given([...ENTERED, withdrawn])
      .when({ type: 'RecordScrutineering', data: { actorUserId: 9, roundId: 11, entryId: 31, results: [{ itemId: 21, status: 'pass', notes: null }] } })
      .thenThrows(NotFoundError);
  });

  it('leaving withdraws the team\'s active entries, then takes the team out; it cannot enter cars until it enters again', () => {
    const leave = (actorTeams: { teamId: number; role: 'owner' | 'mechanic' }[]) => ({ type: 'LeaveSeries' as const, data: { actorTeams, teamId: 3 } });
    const left: SeriesEvent[] = [
      { type: 'EntryWithdrawn', data: { seriesId: 1, entryId: 31, number: '27', class: 'Cup' } },
      { type: 'TeamLeftSeries', data: { seriesId: 1, teamId: 3 } },
    ];
    spec(seriesDecider).given(ENTERED).when(leave(OWNER)).then(left);
    spec(seriesDecider).given(ENTERED).when(leave([{ teamId: 3, role: 'mechanic' }])).thenThrows(ForbiddenError);
    spec(seriesDecider).given(SERIES).when(leave(OWNER)).thenThrows(NotFoundError, /Series not found/);
    spec(seriesDecider)
      .given([...ENTERED, ...left])
      .when({ type: 'EnterCar', data: { actorTeams: OWNER, entryId: 32, teamId: 3, carId: 7, class: 'Cup', number: '27', now: NOW } })
      .thenThrows(ValidationError, /has not entered/);
  });

  it('checklist: new items take the allocated ids in order, known ids keep theirs, unknown ids are refused, the same list is no change', () => {
    const set = (items: { id?: number; title: string }[], newItemIds: number[]) => ({ type: 'SetScrutineeringItems' as const, data: { actorUserId: 9, items, newItemIds } });
    spec(seriesDecider)
      .given(SERIES)
      .when(set([{ id: 22, title: 'Extinguisher armed' }, { title: 'Harness in date' }], [23]))
      .then([{ type: 'ScrutineeringItemsSet', data: { seriesId: 1, items: [{ itemId: 22, title: 'Extinguisher armed' }, { itemId: 23, title: 'Harness in date' }], retiredItemIds: [21] } }]);
    spec(seriesDecider).given(SERIES).when(set([{ id: 99, title: 'x' }], [])).thenThrows(ValidationError, /^items row 1 id: /);
    spec(seriesDecider).given(SERIES).when(set([{ id: 21, title: 'Seat FIA label valid' }, { id: 22, title: 'Fire extinguisher armed' }], [])).then([]);
  });

  it('scrutineering records only what changed, on a known round and a current item', () => {
    const record = (roundId: number, results: { itemId: number; status: 'pass' | 'fail' | 'reinspect'; notes: string | null }[]) => ({ type: 'RecordScrutineering' as const, data: { actorUserId: 9, roundId, entryId: 31, results } });
    const first: SeriesEvent = { type: 'ScrutineeringRecorded', data: { seriesId: 1, roundId: 11, entryId: 31, results: [{ itemId: 21, status: 'pass', notes: null }, { itemId: 22, status: 'fail', notes: 'Pin missing' }] } };
    spec(seriesDecider).given(ENTERED).when(record(11, first.data.results)).then([first]);
    spec(seriesDecider).given([...ENTERED, first]).when(record(11, first.data.results)).then([]);
    spec(seriesDecider)
      .given([...ENTERED, first])
      .when(record(11, [{ itemId: 21, status: 'pass', notes: null }, { itemId: 22, status: 'reinspect', notes: 'Pin fitted, check again' }]))
      .then([{ type: 'ScrutineeringRecorded', data: { seriesId: 1, roundId: 11, entryId: 31, results: [{ itemId: 22, status: 'reinspect', notes: 'Pin fitted, check again' }] } }]);
    spec(seriesDecider).given(ENTERED).when(record(12, [])).thenThrows(NotFoundError, /Round not found/);
    spec(seriesDecider).given(ENTERED).when(record(11, [{ itemId: 99, status: 'pass', notes: null }])).thenThrows(ValidationError, /^results row 1 itemId: /);
  });

  it("BoP: only the organiser sets it, for an active entry at a known round; the same BoP again is no change, a revision a new BopSet", () => {
    const bop: { ballastKg: number; restrictorMm: number | null; minWeightKg: number | null; notes: string | null } = { ballastKg: 15, restrictorMm: 36, minWeightKg: 1250, notes: null };
    const set = (actorUserId: number, roundId = 11, entryId = 31, value = bop) => ({ type: 'SetBop' as const, data: { actorUserId, roundId, entryId, ...value } });
    const bopSet: SeriesEvent = { type: 'BopSet', data: { seriesId: 1, roundId: 11, entryId: 31, ...bop } };
    spec(seriesDecider).given(ENTERED).when(set(9)).then([bopSet]);
    spec(seriesDecider).given(ENTERED).when(set(4)).thenThrows(ForbiddenError, /organiser/);
    spec(seriesDecider).given(ENTERED).when(set(9, 99)).thenThrows(NotFoundError, /Round not found/);
    spec(seriesDecider).given(ENTERED).when(set(9, 11, 99)).thenThrows(NotFoundError, /Entry not found/);
    const withdrawn: SeriesEvent = { type: 'EntryWithdrawn', data: { seriesId: 1, entryId: 31, number: '27', class: 'Cup' } };
    spec(seriesDecider).given([...ENTERED, withdrawn]).when(set(9)).thenThrows(NotFoundError, /Entry not found/);
    spec(seriesDecider).given([...ENTERED, bopSet]).when(set(9)).then([]);
    const revised = { ...bop, ballastKg: 20, notes: 'After Round 1' };
    spec(seriesDecider).given([...ENTERED, bopSet]).when(set(9, 11, 31, revised)).then([{ type: 'BopSet', data: { seriesId: 1, roundId: 11, entryId: 31, ...revised } }]);
  });

  it('commands on a series that does not exist are not found', () => {
    spec(seriesDecider).given([]).when({ type: 'AddRound', data: { actorUserId: 9, roundId: 12, name: 'R2', location: 'Sonoma', date: '2026-05-03', endsOn: '2026-05-03' } }).thenThrows(NotFoundError);
  });

  describe('tire allocation and register', () => {
    const ALLOCATED: SeriesEvent[] = [...ENTERED, { type: 'TireAllocationSet', data: { seriesId: 1, roundId: 11, setsPerCar: 2, compound: 'Hankook Z214' } }];
    const registered = (tireSetId: number, barcode: string): SeriesEvent => ({ type: 'TireSetRegistered', data: { seriesId: 1, roundId: 11, entryId: 31, tireSetId, barcode, registeredAt: NOW } });
    const register = (tireSetId: number, barcode: string | null, actorTeams: { teamId: number; role: 'mechanic' | 'driver' }[] = [{ teamId: 3, role: 'mechanic' }]) =>
      ({ type: 'RegisterTireSet' as const, data: { actorTeams, roundId: 11, entryId: 31, tireSetId, tireSetName: `Set ${tireSetId}`, barcode, now: NOW } });

    it('only the organiser sets the allocation; the same again appends nothing', () => {
      const set = (actorUserId: number) => ({ type: 'SetTireAllocation' as const, data: { actorUserId, roundId: 11, setsPerCar: 2, compound: 'Hankook Z214' } });
      spec(seriesDecider).given(ENTERED).when(set(9)).then([ALLOCATED.at(-1)!]);
      spec(seriesDecider).given(ENTERED).when(set(4)).thenThrows(ForbiddenError, /organiser/);
      spec(seriesDecider).given(ALLOCATED).when(set(9)).then([]);
      spec(seriesDecider).given(ENTERED).when({ type: 'SetTireAllocation', data: { actorUserId: 9, roundId: 12, setsPerCar: 2, compound: 'x' } }).thenThrows(NotFoundError, /Round/);
    });

    it("a member of the entry's team registers a set with a barcode, once per round, up to the allocation", () => {
      spec(seriesDecider).given(ENTERED).when(register(5, 'HK-1001')).thenThrows(ConflictError, /No tire allocation/);
      spec(seriesDecider).given(ALLOCATED).when(register(5, 'HK-1001')).then([registered(5, 'HK-1001')]);
      spec(seriesDecider).given(ALLOCATED).when(register(5, 'HK-1001', [{ teamId: 4, role: 'mechanic' }])).thenThrows(NotFoundError, /Entry/);
      spec(seriesDecider).given(ALLOCATED).when(register(6, null)).thenThrows(ValidationError, /^tireSetId: Set 6 has no barcode$/);
      spec(seriesDecider).given([...ALLOCATED, registered(5, 'HK-1001')]).when(register(6, 'hk-1001')).thenThrows(ConflictError, /^tireSetId: Barcode hk-1001 is already registered for #27$/);
      spec(seriesDecider).given([...ALLOCATED, registered(5, 'HK-1001'), registered(6, 'HK-1002')]).when(register(7, 'HK-1003')).thenThrows(ConflictError, /^entryId: #27 already has 2 of 2 sets registered$/);
    });

    it('the team takes a mis-scan off; the register keeps the rest', () => {
      const given = [...ALLOCATED, registered(5, 'HK-1001')];
      spec(seriesDecider).given(given).when({ type: 'UnregisterTireSet', data: { actorTeams: OWNER, roundId: 11, barcode: 'hk-1001' } })
        .then([{ type: 'TireSetUnregistered', data: { seriesId: 1, roundId: 11, entryId: 31, barcode: 'HK-1001' } }]);
      spec(seriesDecider).given(given).when({ type: 'UnregisterTireSet', data: { actorTeams: [{ teamId: 4, role: 'owner' }], roundId: 11, barcode: 'HK-1001' } }).thenThrows(NotFoundError);
      const state = foldState(seriesDecider, [...given, { type: 'TireSetUnregistered', data: { seriesId: 1, roundId: 11, entryId: 31, barcode: 'HK-1001' } }]);
      expect(state.status === 'active' && state.tireRegister.size).toBe(0);
      expect(decodeState(JSON.parse(JSON.stringify(encodeState(foldState(seriesDecider, given)))))).toEqual(foldState(seriesDecider, given));
    });
  });

  it('the state survives a snapshot round trip', () => {
    const state = foldState(seriesDecider, [...ENTERED, { type: 'BopSet', data: { seriesId: 1, roundId: 11, entryId: 31, ballastKg: 15, restrictorMm: null, minWeightKg: 1250, notes: null } }]);
    expect(decodeState(JSON.parse(JSON.stringify(encodeState(state))))).toEqual(state);
  });
});
