import { describe, it } from 'vitest';
import { ISSUE_TRANSITIONS, type IssueStatus } from '@pitwall/contracts';
import { ConflictError, issueDecider, NotFoundError, raceEventDecider, ValidationError, type IssueEvent, type RaceEventEvent } from '../src/index.ts';
import { spec } from './spec.ts';

const scheduled: RaceEventEvent = {
  type: 'RaceEventScheduled',
  data: {
    raceEventId: 4, carId: 7, teamId: 1, name: 'Spring Sprint Round 1', location: 'WeatherTech Raceway Laguna Seca', date: '2026-03-21T00:00:00.000Z', endsOn: null,
    trackLength: '3.602 km', weather: 'Sunny, 19°C', notes: null, profileImageUrl: null, timetableImageUrl: null, createdAt: '2026-03-01T00:00:00.000Z',
  },
};

describe('race event decider', () => {
  it('ScheduleRaceEvent records RaceEventScheduled', () => {
    spec(raceEventDecider).given([]).when({ type: 'ScheduleRaceEvent', data: scheduled.data }).then([scheduled]);
  });
  it('SetFinalDrive records the ratio and notes', () => {
    spec(raceEventDecider)
      .given([scheduled])
      .when({ type: 'SetFinalDrive', data: { finalDriveRatio: '2.866', finalDriveNotes: 'Stock final' } })
      .then([{ type: 'FinalDriveSet', data: { raceEventId: 4, carId: 7, finalDriveRatio: '2.866', finalDriveNotes: 'Stock final' } }]);
  });
  it('a final drive that is not a number is refused', () => {
    spec(raceEventDecider).given([scheduled]).when({ type: 'SetFinalDrive', data: { finalDriveRatio: 'tall', finalDriveNotes: null } }).thenThrows(ValidationError, /Final drive ratio must be a valid number/);
  });
  it('images: one set, the other kept', () => {
    spec(raceEventDecider)
      .given([scheduled, { type: 'RaceEventImagesSet', data: { raceEventId: 4, carId: 7, profileImageUrl: '/api/images/a.jpg', timetableImageUrl: null } }])
      .when({ type: 'SetRaceEventImages', data: { timetableImageUrl: '/api/images/t.png' } })
      .then([{ type: 'RaceEventImagesSet', data: { raceEventId: 4, carId: 7, profileImageUrl: '/api/images/a.jpg', timetableImageUrl: '/api/images/t.png' } }]);
  });
  it('the track length: set when it differs (distances of its sessions are derived from it), nothing when the same', () => {
    spec(raceEventDecider)
      .given([scheduled])
      .when({ type: 'ReviseRaceEvent', data: { trackLength: '3.6 km' } })
      .then([{ type: 'RaceEventTrackLengthSet', data: { raceEventId: 4, carId: 7, trackLength: '3.6 km' } }]);
    spec(raceEventDecider)
      .given([scheduled, { type: 'RaceEventTrackLengthSet', data: { raceEventId: 4, carId: 7, trackLength: '3.6 km' } }])
      .when({ type: 'ReviseRaceEvent', data: { trackLength: '3.6 km' } })
      .then([]);
  });
  it('commands on a missing race event are not found', () => {
    spec(raceEventDecider).given([]).when({ type: 'SetFinalDrive', data: { finalDriveRatio: '3.9', finalDriveNotes: null } }).thenThrows(NotFoundError);
  });
});

describe('issue decider', () => {
  const raised = (status: IssueStatus): IssueEvent => ({
    type: 'IssueRaised',
    data: { issueId: 9, carId: 7, raceEventId: 4, title: 'Brake pedal goes long', description: 'Pedal travel grows after 8-10 laps', issueType: 'issue', priority: 'high', status, imageUrl: null, createdAt: '2026-03-21T00:00:00.000Z' },
  });
  const all: IssueStatus[] = ['open', 'in-progress', 'resolved'];
  for (const from of all) {
    for (const to of all) {
      if (from === to) continue;
      const allowed = ISSUE_TRANSITIONS.some((t) => t.from === from && t.to === to);
      it(`${from} → ${to} is ${allowed ? 'allowed' : 'refused'}`, () => {
        const when = spec(issueDecider).given([raised(from)]).when({ type: 'ChangeIssueStatus', data: { to } });
        if (allowed) when.then([{ type: 'IssueStatusChanged', data: { issueId: 9, carId: 7, from, to } }]);
        else when.thenThrows(ConflictError, new RegExp(`cannot go from ${from} to ${to}`));
      });
    }
  }
  it('exactly resolved → in-progress is the refused transition', () => {
    spec(issueDecider).given([raised('resolved')]).when({ type: 'ChangeIssueStatus', data: { to: 'in-progress' } }).thenThrows(ConflictError);
  });
  it('the same status again changes nothing', () => {
    spec(issueDecider).given([raised('open')]).when({ type: 'ChangeIssueStatus', data: { to: 'open' } }).then([]);
  });
  it('a status change follows earlier changes', () => {
    spec(issueDecider)
      .given([raised('open'), { type: 'IssueStatusChanged', data: { issueId: 9, carId: 7, from: 'open', to: 'in-progress' } }])
      .when({ type: 'ChangeIssueStatus', data: { to: 'resolved' } })
      .then([{ type: 'IssueStatusChanged', data: { issueId: 9, carId: 7, from: 'in-progress', to: 'resolved' } }]);
  });
});

describe('race event revision (PATCH with final drive and images)', () => {
  it('records both changes together, or neither when the ratio is bad', () => {
    spec(raceEventDecider)
      .given([scheduled])
      .when({ type: 'ReviseRaceEvent', data: { finalDrive: { finalDriveRatio: '3.9', finalDriveNotes: null }, images: { profileImageUrl: '/api/images/p.jpg' } } })
      .then([
        { type: 'FinalDriveSet', data: { raceEventId: 4, carId: 7, finalDriveRatio: '3.9', finalDriveNotes: null } },
        { type: 'RaceEventImagesSet', data: { raceEventId: 4, carId: 7, profileImageUrl: '/api/images/p.jpg', timetableImageUrl: null } },
      ]);
    spec(raceEventDecider)
      .given([scheduled])
      .when({ type: 'ReviseRaceEvent', data: { finalDrive: { finalDriveRatio: 'x', finalDriveNotes: null }, images: { profileImageUrl: '/api/images/p.jpg' } } })
      .thenThrows(ValidationError);
  });
});
