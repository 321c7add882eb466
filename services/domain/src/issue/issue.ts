import type { IssuePriority, IssueStatus, IssueType } from '@pitwall/contracts';

/** The issue aggregate (stream `issue-{id}`): a mechanical issue, note, part or tool need of a car. */

export interface IssueRaised {
  type: 'IssueRaised';
  data: {
    issueId: number;
    carId: number;
    raceEventId: number | null;
    title: string;
    description: string;
    issueType: IssueType;
    priority: IssuePriority;
    status: IssueStatus;
    imageUrl: string | null;
    createdAt: string;
  };
}
/** The issue's status moved `from` → `to`; who did it is in the event's metadata. */
export interface IssueStatusChanged {
  type: 'IssueStatusChanged';
  data: { issueId: number; carId: number; from: IssueStatus; to: IssueStatus };
}

export type IssueEvent = IssueRaised | IssueStatusChanged;

export type IssueState = { status: 'none' } | { status: 'raised'; issueId: number; carId: number; issueStatus: IssueStatus };

export const initialIssueState: IssueState = { status: 'none' };

export function evolveIssue(state: IssueState, event: IssueEvent): IssueState {
  switch (event.type) {
    case 'IssueRaised':
      return { status: 'raised', issueId: event.data.issueId, carId: event.data.carId, issueStatus: event.data.status };
    case 'IssueStatusChanged':
      return state.status === 'raised' ? { ...state, issueStatus: event.data.to } : state;
  }
}

export const issueStream = (issueId: number) => `issue-${issueId}`;
