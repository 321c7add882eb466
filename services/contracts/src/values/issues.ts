/**
 * The issues' constants, free of zod so the screens that list issues load them without the schema
 * library; ../issues.ts builds its schemas from them and re-exports them.
 */

/** Issue types with their labels (docs/product.md, 'Constants and limits'). */
export const ISSUE_TYPES = [
  { value: 'issue', label: 'Mechanical Issue' },
  { value: 'tool', label: 'Tool Needed' },
  { value: 'part', label: 'Part Required' },
  { value: 'note', label: 'General Note' },
] as const;
/** An issue's states, in the order a fix goes (docs/product.md, 'States and transitions'). */
export const ISSUE_STATUSES = ['open', 'in-progress', 'resolved'] as const;
type IssueStatus = (typeof ISSUE_STATUSES)[number];

/**
 * Status transitions offered (docs/product.md, 'States and transitions'), with their button labels. Any other change is refused.
 * in-progress → resolved has no label in the spec; Pitwall uses 'Mark Resolved' for it too.
 */
export const ISSUE_TRANSITIONS: readonly { from: IssueStatus; to: IssueStatus; label: string }[] = [
  { from: 'open', to: 'in-progress', label: 'Start Progress' },
  { from: 'open', to: 'resolved', label: 'Mark Resolved' },
  { from: 'in-progress', to: 'open', label: 'Mark as Open' },
  { from: 'in-progress', to: 'resolved', label: 'Mark Resolved' },
  { from: 'resolved', to: 'open', label: 'Reopen Issue' },
];
