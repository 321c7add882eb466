import { z } from 'zod';
import { bodyRaceEventId, trimText } from './common.ts';
import { optionalImageUrl } from './race-events.ts';
import { ISSUE_STATUSES, ISSUE_TYPES } from './values/issues.ts';

export * from './values/issues.ts';

/**
 * Issues, tool and part needs of a car, optionally of a race event (docs/product.md, 'Data model', 'States and
 * transitions', 'Issues & Tools'). The API keeps the spec's field names (`eventId` is the race event).
 */

export const IssueType = z.enum(ISSUE_TYPES.map((t) => t.value) as [IssueTypeValue, ...IssueTypeValue[]], { error: 'type must be one of issue, tool, part, note' });
type IssueTypeValue = (typeof ISSUE_TYPES)[number]['value'];
export type IssueType = z.infer<typeof IssueType>;
/** Priorities; 'future' is used by the Equipment & Tools column (docs/product.md, 'Data model'). */
export const IssuePriority = z.enum(['high', 'medium', 'low', 'future'], { error: 'priority must be one of high, medium, low, future' });
export type IssuePriority = z.infer<typeof IssuePriority>;
export const IssueStatus = z.enum(ISSUE_STATUSES, { error: 'status must be one of open, in-progress, resolved' });
export type IssueStatus = z.infer<typeof IssueStatus>;


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
