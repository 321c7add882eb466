/**
 * The parts' categories, statuses and due-soon thresholds, free of zod so the screens that show a
 * part's life load them without the schema library; ../parts.ts builds its enums from them and
 * re-exports them, ../part-life.ts computes with the thresholds.
 */

/** Share of a limit left at or below which a part is 'due soon' (20 %). */
export const DUE_SOON_SHARE = 0.2;
/** Days before the expiry date from which a part is 'due soon'. */
export const DUE_SOON_DAYS = 30;

/** Part categories with their labels, in the order screens list them. */
export const PART_CATEGORIES = [
  { value: 'engine', label: 'Engine' },
  { value: 'gearbox', label: 'Gearbox' },
  { value: 'clutch', label: 'Clutch' },
  { value: 'differential', label: 'Differential' },
  { value: 'driveshaft', label: 'Driveshaft' },
  { value: 'brakes', label: 'Brakes' },
  { value: 'suspension', label: 'Suspension' },
  { value: 'steering', label: 'Steering' },
  { value: 'wheels', label: 'Wheels' },
  { value: 'safety', label: 'Safety' },
  { value: 'electronics', label: 'Electronics' },
  { value: 'bodywork', label: 'Bodywork' },
  { value: 'other', label: 'Other' },
] as const;

/** A part's status with its words (shown beside the colour, for colour-blind users). */
export const PART_STATUSES = [
  { value: 'ok', label: 'OK' },
  { value: 'due-soon', label: 'Due soon' },
  { value: 'overdue', label: 'Overdue' },
] as const;
