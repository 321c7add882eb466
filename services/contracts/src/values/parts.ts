/**
 * The parts' due-soon thresholds, free of zod so the screens that show a part's life load them
 * without the schema library; ../parts.ts re-exports them and ../part-life.ts computes with them.
 */

/** Share of a limit left at or below which a part is 'due soon' (20 %). */
export const DUE_SOON_SHARE = 0.2;
/** Days before the expiry date from which a part is 'due soon'. */
export const DUE_SOON_DAYS = 30;
