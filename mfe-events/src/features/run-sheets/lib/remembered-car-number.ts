/**
 * Our car number in timing exports that hold every car of a session (Al Kamel, Orbits, TSL …),
 * remembered per car in this browser's localStorage (key `pitwall:timing-car-number:{carId}`) as
 * the file writes it ('007' is not '7'), so the next import of that car reads its laps without
 * asking again. Numbers remembered before were written as the decimal text of a number ('7') and
 * read the same.
 */
const keyOf = (carId: number) => `pitwall:timing-car-number:${carId}`;

/** The car number last chosen for car `carId` in this browser, as written in the file, or null. */
export function rememberedCarNumber(carId: number): string | null {
  try {
    const value = localStorage.getItem(keyOf(carId));
    return value === null || value.trim() === '' ? null : value;
  } catch {
    return null;
  }
}

/** Remembers `carNumber` (as the file writes it) as car `carId`'s number in timing exports (ignored where storage is unavailable). */
export function rememberCarNumber(carId: number, carNumber: string): void {
  try {
    localStorage.setItem(keyOf(carId), carNumber);
  } catch {
    // Private browsing without storage: the number is asked again next time.
  }
}
