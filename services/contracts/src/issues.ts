import { z } from 'zod';
import { bodyRaceEventId, trimText } from './common.ts';
import { optionalImageUrl } from './race-events.ts';

/**
 * Issues, tool and part needs of a car, optionally of a race event (docs/product.md, 'Data model', 'States and
 * transitions', 'Issues & Tools'). The API keeps the spec's field names (`eventId` is the race event).
 */

/** Issue types with their labels (docs/product.md, 'Constants and limits'). */
export const ISSUE_TYPES = [
  { value: 'issue', label: 'Mechanical Issue' },
  { value: 'tool', label: 'Tool Needed' },
  { value: 'part', label: 'Part Required' },
  { value: 'note', label: 'General Note' },
] as const;
export const IssueType = z.enum(['issue', 'tool', 'part', 'note'], { error: 'type must be one of issue, tool, part, note' });
export type IssueType = z.infer<typeof IssueType>;
/** Priorities; 'future' is used by the Equipment & Tools column (docs/product.md, 'Data model'). */
export const IssuePriority = z.enum(['high', 'medium', 'low', 'future'], { error: 'priority must be one of high, medium, low, future' });
export type IssuePriority = z.infer<typeof IssuePriority>;
export const IssueStatus = z.enum(['open', 'in-progress', 'resolved'], { error: 'status must be one of open, in-progress, resolved' });
export type IssueStatus = z.infer<typeof IssueStatus>;

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

/** POST /api/cars/{carId}/issues (docs/product.md, 'Validation'). */
export const NewIssueBody = z.object({
  carId: z.number().int().optional(),
  eventId: bodyRaceEventId(),
  title: z.string().overwrite(trimText).min(2, 'Title must be at least 2 characters').max(200, 'Title must be at most 200 characters'),
  description: z.string().overwrite(trimText).min(5, 'Description must be at least 5 characters').max(4000, 'Description must be at most 4000 characters'),
  type: IssueType.default('issue'),
  priority: IssuePriority.default('medium'),
  status: IssueStatus.default('open'),
  imageUrl: optionalImageUrl,
});
export type NewIssueBody = z.input<typeof NewIssueBody>;

/** PATCH /api/cars/{carId}/issues/{issueId}. */
export const PatchIssueBody = z.object({ status: IssueStatus });

/** An issue, tool or part need as answered. */
export const Issue = z
  .object({
    id: z.number().int(),
    carId: z.number().int(),
    eventId: z.number().int().nullable(),
    title: z.string(),
    description: z.string(),
    type: IssueType,
    priority: IssuePriority,
    status: IssueStatus,
    imageUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Issue' });
export type Issue = z.infer<typeof Issue>;
