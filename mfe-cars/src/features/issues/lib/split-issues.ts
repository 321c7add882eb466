import type { Issue } from '@pitwall/contracts';

/** The two columns of Issues & Tools and their badge counts. */
export interface IssueColumns {
  /** Type issue, note or part (and not priority future). */
  eventIssues: Issue[];
  /** Type tool, or priority future (docs/product.md, 'Issues & Tools'). */
  equipment: Issue[];
  /** Event issues with status open ('N Open'). */
  openCount: number;
  /** Equipment needs with status open ('N Needed'). */
  neededCount: number;
}

/** True for the Equipment & Tools column: type tool or priority future (docs/product.md, 'Issues & Tools'). */
function isEquipment(issue: Pick<Issue, 'type' | 'priority'>): boolean {
  return issue.type === 'tool' || issue.priority === 'future';
}

/** Splits a car's issues into the two columns (each item in exactly one), keeping their order. */
export function splitIssues(issues: readonly Issue[]): IssueColumns {
  const equipment = issues.filter(isEquipment);
  const eventIssues = issues.filter((i) => !isEquipment(i));
  return {
    eventIssues,
    equipment,
    openCount: eventIssues.filter((i) => i.status === 'open').length,
    neededCount: equipment.filter((i) => i.status === 'open').length,
  };
}
