import { ISSUE_TRANSITIONS, type IssueStatus } from '@pitwall/contracts';
import { assertNever, type Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError } from '../shared/errors.ts';
import type { IssueEvent, IssueRaised, IssueState } from './issue.ts';
import { evolveIssue, initialIssueState } from './issue.ts';

export interface RaiseIssue {
  type: 'RaiseIssue';
  data: IssueRaised['data'];
}
export interface ChangeIssueStatus {
  type: 'ChangeIssueStatus';
  data: { to: IssueStatus };
}
export type IssueCommand = RaiseIssue | ChangeIssueStatus;

/**
 * Decides an issue command. Status changes follow docs/product.md, 'States and transitions' (ISSUE_TRANSITIONS); any other change
 * (resolved → in-progress) throws ConflictError naming both statuses. The same status again is no change ([]).
 */
export function decideIssue(command: IssueCommand, state: IssueState): IssueEvent[] {
  if (command.type === 'RaiseIssue') {
    if (state.status !== 'none') throw new ConflictError('Issue already exists');
    return [{ type: 'IssueRaised', data: command.data }];
  }
  if (state.status !== 'raised') throw new NotFoundError('Issue not found');
  switch (command.type) {
    case 'ChangeIssueStatus': {
      const from = state.issueStatus;
      const { to } = command.data;
      if (from === to) return [];
      if (!ISSUE_TRANSITIONS.some((t) => t.from === from && t.to === to)) {
        throw new ConflictError(`status: an issue cannot go from ${from} to ${to}`);
      }
      return [{ type: 'IssueStatusChanged', data: { issueId: state.issueId, carId: state.carId, from, to } }];
    }
    default:
      return assertNever(command);
  }
}

export const issueDecider: Decider<IssueCommand, IssueEvent, IssueState> = {
  decide: decideIssue,
  evolve: evolveIssue,
  initialState: initialIssueState,
  stateVersion: 1,
};
