/** Parses a URL segment holding a whole positive number (an id), or NaN. */
export function parseId(value: string | null | undefined): number {
  return value && /^\d+$/.test(value) ? Number.parseInt(value, 10) : Number.NaN;
}
