/**
 * Our car number in timing exports that hold every car of a session (Al Kamel), remembered per car
 * in this browser's localStorage (key `pitwall:timing-car-number:{carId}`), so the next import of
 * that car reads its laps without asking again.
 */
const keyOf = (carId: number) => `pitwall:timing-car-number:${carId}`;

/** The car number last chosen for car `carId` in this browser, or null. */
export function rememberedCarNumber(carId: number): number | null {
  try {
    const value = Number(localStorage.getItem(keyOf(carId)));
    return Number.isInteger(value) && localStorage.getItem(keyOf(carId)) !== null ? value : null;
  } catch {
    return null;
  }
}

/** Remembers `carNumber` as car `carId`'s number in timing exports (ignored where storage is unavailable). */
export function rememberCarNumber(carId: number, carNumber: number): void {
  try {
    localStorage.setItem(keyOf(carId), String(carNumber));
  } catch {
    // Private browsing without storage: the number is asked again next time.
  }
}
