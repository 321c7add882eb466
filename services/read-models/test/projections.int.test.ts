import { describe, it } from 'vitest';
import type { DomainEvent } from '@pitwall/domain';
import { useProjectionSpec } from './projection-spec.ts';

/** What each read model holds after the events a user's actions record, whatever the projector's batches. */
const spec = useProjectionSpec();

const at = '2026-03-21T10:00:00.000Z';
const issueRaised: DomainEvent = {
  type: 'IssueRaised',
  data: { issueId: 1, carId: 7, raceEventId: 3, title: 'Brake pedal goes long', description: 'Pedal travel grows', issueType: 'issue', priority: 'high', status: 'open', imageUrl: null, createdAt: at },
};

describe('issues', { timeout: 60_000 }, () => {
  it('holds a raised issue with its latest status', async () => {
    await spec
      .given(issueRaised, { type: 'IssueStatusChanged', data: { issueId: 1, carId: 7, from: 'open', to: 'in-progress' } })
      .then('SELECT id, car_id, race_event_id, title, priority, status FROM issues', [{ id: 1, car_id: 7, race_event_id: 3, title: 'Brake pedal goes long', priority: 'high', status: 'in-progress' }]);
  });
});

describe('checklist_items', { timeout: 60_000 }, () => {
  const added: DomainEvent = { type: 'ChecklistItemAdded', data: { carId: 7, itemId: 4, title: 'Torque wheel nuts', description: null, priority: 'high' } };
  const ticked = { type: 'ChecklistItemCompleted', data: { carId: 7, itemId: 4 }, metadata: { userId: 5, at: '2026-03-21T11:30:00.000Z' } } as const;

  it('records who ticked an item and when', async () => {
    await spec.given(added, ticked).then('SELECT is_completed, completed_by, completed_at::text FROM checklist_items', [{ is_completed: true, completed_by: 5, completed_at: '2026-03-21 11:30:00+00' }]);
  });

  it('clears who ticked an item when it is reopened', async () => {
    await spec
      .given(added, ticked, { type: 'ChecklistItemReopened', data: { carId: 7, itemId: 4 } })
      .then('SELECT is_completed, completed_by, completed_at FROM checklist_items', [{ is_completed: false, completed_by: null, completed_at: null }]);
  });

  it('forgets a removed item', async () => {
    await spec.given(added, ticked, { type: 'ChecklistItemRemoved', data: { carId: 7, itemId: 4 } }).then('SELECT id FROM checklist_items', []);
  });
});

describe('teams', { timeout: 60_000 }, () => {
  const created: DomainEvent = { type: 'TeamCreated', data: { teamId: 2, name: 'Apex Racing', description: null, ownerId: '1', createdAt: at } };
  const member = (memberId: number, userId: string, displayName: string): DomainEvent => ({
    type: 'MemberAdded', data: { teamId: 2, memberId, userId, role: 'mechanic', memberColor: '#ff6600', displayName, joinedAt: at },
  });

  it("shows a member's new name, role and colour", async () => {
    await spec
      .given(created, member(10, '5', 'Marco'), { type: 'MemberUpdated', data: { teamId: 2, memberId: 10, userId: '5', displayName: 'Marco R.', role: 'admin', memberColor: '#0055ff' } })
      .then('SELECT id, display_name, role, member_color FROM team_members', [{ id: 10, display_name: 'Marco R.', role: 'admin', member_color: '#0055ff' }]);
  });

  it('a deleted team takes its members with it', async () => {
    await spec.given(created, member(10, '5', 'Marco'), member(11, '6', 'Aiko'), { type: 'TeamDeleted', data: { teamId: 2 } }).then('SELECT count(*)::int AS n FROM team_members', [{ n: 0 }]);
  });
});

describe('gear_ratios', { timeout: 60_000 }, () => {
  const set = (raceEventId: number | null, rows: { id: number; name: string; ratio: string }[]): DomainEvent => ({
    type: 'GearRatiosSet', data: { carId: 7, raceEventId, rows: rows.map((r) => ({ ...r, speedAtMaxRpm: null, notes: null })) },
  });

  it("replaces a setup's gear rows with the ones set last, leaving the other setups' rows", async () => {
    await spec
      .given(set(null, [{ id: 1, name: '1st', ratio: '5.087' }]), set(3, [{ id: 2, name: 'Final Drive', ratio: '3.1' }]), set(null, [{ id: 3, name: 'Final Drive', ratio: '2.866' }]))
      .then('SELECT id, race_event_id, name, ratio FROM gear_ratios ORDER BY id', [
        { id: 2, race_event_id: 3, name: 'Final Drive', ratio: '3.1' },
        { id: 3, race_event_id: null, name: 'Final Drive', ratio: '2.866' },
      ]);
  });
});

describe('parts', { timeout: 60_000 }, () => {
  it('shows a corrected fit once, at its corrected moment, saying the date it replaces', async () => {
    const details = { name: 'Front pads', category: 'brakes' as const, partNumber: null, serialNumber: null, notes: null, limits: { km: null, hours: null, laps: null, expiresOn: null }, usedBefore: { km: 0, hours: 0, laps: 0 } };
    await spec
      .given(
        { type: 'PartAdded', data: { partId: 1, teamId: 2, details, createdAt: at }, streamName: 'part-1' },
        { type: 'PartFitted', data: { partId: 1, teamId: 2, name: 'Front pads', carId: 7, at: '2026-03-20T09:00:00.000Z' }, streamName: 'part-1' },
        { type: 'PartFitDateCorrected', data: { partId: 1, teamId: 2, carId: 7, name: 'Front pads', from: '2026-03-20T09:00:00.000Z', at: '2026-03-19T08:00:00.000Z' }, streamName: 'part-1' },
      )
      .then(`SELECT kind, car_id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS at, notes FROM part_changes`, [
        { kind: 'fitted', car_id: 7, at: '2026-03-19 08:00', notes: 'date corrected from 2026-03-20 09:00 UTC' },
      ]);
  });
});

describe('stream_revisions', { timeout: 60_000 }, () => {
  it("holds each stream's revision: the stream position of its last event", async () => {
    await spec
      .given({ ...issueRaised, streamName: 'issue-1' }, { type: 'IssueStatusChanged', data: { issueId: 1, carId: 7, from: 'open', to: 'resolved' }, streamName: 'issue-1' }, { ...issueRaised, streamName: 'issue-2' })
      .then('SELECT stream_name, revision FROM stream_revisions ORDER BY stream_name', [{ stream_name: 'issue-1', revision: 1 }, { stream_name: 'issue-2', revision: 0 }]);
  });
});
