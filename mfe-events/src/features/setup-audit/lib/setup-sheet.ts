import type { Car, MassUnit, RaceEvent, SetupValues } from '@pitwall/contracts';
import { flattenSetupSheet, MAINTENANCE_ITEMS, setupSheetFieldLabel, SUSPENSION_SETTINGS } from '@pitwall/contracts/values';
import { diagonalLabel, formatMass, formatPercent, formatSignedMass, geometryLines } from '@pitwall/setup-forms/display';
import { encodeCsv } from './csv';

/**
 * The setup sheet of a race event: what a mechanic takes to the car. The same object is printed,
 * exported as JSON, and flattened into CSV rows. Values are the texts as entered (units included,
 * e.g. '28 psi', '-2.8°'); dates are 'YYYY-MM-DD'.
 */
export interface SetupSheet {
  car: { name: string; makeModel: string; year: number; carClass: string; engine: string | null; transmission: string | null; weight: string | null; power: string | null };
  raceEvent: { name: string; location: string; date: string; trackLength: string | null; weather: string | null };
  /** The effective final drive: the race event's ratio when set, else the car's 'Final Drive' gear ratio; `own` when the race event's. */
  finalDrive: { ratio: string | null; notes: string | null; own: boolean };
  /** The gear ratios the race event runs (its effective list; `own`: set for it). speedAtMaxRpm in kph. */
  gearRatios: { name: string; ratio: string; speedAtMaxRpm: string | null; notes: string | null; own: boolean }[];
  /** The twelve suspension & alignment settings as front/rear pairs, in the card's order; `*Own`: set for the race event. */
  suspension: { setting: string; front: string | null; rear: string | null; frontOwn: boolean; rearOwn: boolean }[];
  suspensionNotes: string | null;
  tirePressures: { condition: string; frontLeft: string; frontRight: string; rearLeft: string; rearRight: string; own: boolean }[];
  tirePressureNotes: string | null;
  /** The scales: corner weights in the team's mass unit, the figures that follow (the cross weight saying its diagonal), how the car was weighed; `own`: set for the race event. */
  cornerWeights: { field: string; value: string | null; own: boolean }[];
  /** Rake, rake angle, wheel rates and ride frequencies that follow from the setup (only those that can be given). */
  geometry: { field: string; value: string }[];
  /**
   * The engineer's setup sheet the race event runs (its effective one, nested as the API answers it:
   * per corner, aero, brakes, differential, electronics, anti-roll bars, ballast, notes; numbers in
   * degrees, mm, N/mm, Nm, kg, %, clicks; null = not recorded); `ownFields`: set for the race event.
   */
  engineerSheet: SetupValues['setupSheet'];
  maintenance: { item: string; date: string | null }[];
  /** When the sheet was made (ISO date-time). */
  generatedAt: string;
}

/** The scales' lines of a sheet, masses in `massUnit`; none when the car was never weighed. */
function cornerWeightLines(setup: SetupValues, massUnit: MassUnit): SetupSheet['cornerWeights'] {
  const w = setup.cornerWeights;
  if (!w) return [];
  const own = (f: keyof typeof w) => w.ownFields.includes(f as (typeof w.ownFields)[number]);
  const mass = (kg: number | null) => (kg === null ? null : formatMass(kg, massUnit));
  const d = w.derived;
  return [
    { field: 'FL', value: mass(w.fl), own: own('fl') },
    { field: 'FR', value: mass(w.fr), own: own('fr') },
    { field: 'RL', value: mass(w.rl), own: own('rl') },
    { field: 'RR', value: mass(w.rr), own: own('rr') },
    { field: 'Total', value: d && formatMass(d.totalKg, massUnit), own: false },
    { field: 'Front', value: d && formatPercent(d.frontPercent), own: false },
    { field: 'Left', value: d && formatPercent(d.leftPercent), own: false },
    { field: d ? `Cross weight (${diagonalLabel(d.diagonal)})` : 'Cross weight', value: d && formatPercent(d.crossPercent), own: false },
    { field: 'Wedge', value: d && formatSignedMass(d.wedgeKg, massUnit), own: false },
    { field: 'Weighed with', value: w.driverIn === null ? null : w.driverIn ? 'Driver in' : 'Ballast for the driver', own: own('driverIn') },
    { field: 'Driver weight', value: mass(w.driverKg), own: own('driverKg') },
    { field: 'Fuel (litres)', value: w.fuelLitres === null ? null : String(w.fuelLitres), own: own('fuelLitres') },
    { field: 'Ballast', value: [mass(w.ballastKg), w.ballastPosition].filter(Boolean).join(', ') || null, own: own('ballastKg') || own('ballastPosition') },
    { field: 'Notes', value: w.notes, own: own('notes') },
  ];
}

/**
 * Builds the sheet from the car, the race event and the setup the race event runs (the `left`
 * side of GET …/compare/baseline: its effective setup, the baseline overridden by its own values),
 * masses in the team's `massUnit`.
 */
export function buildSetupSheet(car: Car, raceEvent: RaceEvent, setup: SetupValues, massUnit: MassUnit, now: Date = new Date()): SetupSheet {
  return {
    car: { name: car.name, makeModel: car.makeModel, year: car.year, carClass: car.carClass, engine: car.engine, transmission: car.transmission, weight: car.weight, power: car.power },
    raceEvent: { name: raceEvent.name, location: raceEvent.location, date: raceEvent.date.slice(0, 10), trackLength: raceEvent.trackLength, weather: raceEvent.weather },
    finalDrive: {
      ratio: raceEvent.finalDriveRatio ?? setup.gearRatios.find((g) => g.name === 'Final Drive')?.ratio ?? null,
      notes: raceEvent.finalDriveNotes,
      own: raceEvent.finalDriveRatio !== null,
    },
    gearRatios: setup.gearRatios.map(({ name, ratio, speedAtMaxRpm, notes, own }) => ({ name, ratio, speedAtMaxRpm, notes, own })),
    suspension: SUSPENSION_SETTINGS.map((s) => ({
      setting: s.label,
      front: setup.suspension?.[`front${s.key}`] ?? null,
      rear: setup.suspension?.[`rear${s.key}`] ?? null,
      frontOwn: setup.suspension?.ownFields.includes(`front${s.key}`) ?? false,
      rearOwn: setup.suspension?.ownFields.includes(`rear${s.key}`) ?? false,
    })),
    suspensionNotes: setup.suspension?.notes ?? null,
    tirePressures: setup.tirePressures.items.map(({ condition, frontLeft, frontRight, rearLeft, rearRight, own }) => ({ condition, frontLeft, frontRight, rearLeft, rearRight, own })),
    tirePressureNotes: setup.tirePressures.notes,
    cornerWeights: cornerWeightLines(setup, massUnit),
    geometry: geometryLines(setup.geometry).map(([field, value]) => ({ field, value })),
    engineerSheet: setup.setupSheet,
    maintenance: MAINTENANCE_ITEMS.map((i) => ({ item: i.label, date: car[i.field] })),
    generatedAt: now.toISOString(),
  };
}

/** One CSV line of the sheet. */
export type SheetRow = [section: string, field: string, value: string | null];

/** The sheet as section/field/value rows, in the printed order; empty values are kept (blank). */
export function setupSheetRows(sheet: SetupSheet): SheetRow[] {
  const { car, raceEvent } = sheet;
  const rows: SheetRow[] = [
    ['Car', 'Name', car.name],
    ['Car', 'Make & Model', car.makeModel],
    ['Car', 'Year', String(car.year)],
    ['Car', 'Class', car.carClass],
    ['Car', 'Engine', car.engine],
    ['Car', 'Transmission', car.transmission],
    ['Car', 'Weight', car.weight],
    ['Car', 'Power', car.power],
    ['Race Event', 'Name', raceEvent.name],
    ['Race Event', 'Location', raceEvent.location],
    ['Race Event', 'Date', raceEvent.date],
    ['Race Event', 'Track Length', raceEvent.trackLength],
    ['Race Event', 'Weather', raceEvent.weather],
    ['Final Drive', 'Ratio', sheet.finalDrive.ratio],
    ['Final Drive', 'Notes', sheet.finalDrive.notes],
  ];
  for (const g of sheet.gearRatios) {
    rows.push(['Gear Ratios', `${g.name} ratio`, g.ratio]);
    if (g.speedAtMaxRpm) rows.push(['Gear Ratios', `${g.name} speed at max RPM (kph)`, g.speedAtMaxRpm]);
    if (g.notes) rows.push(['Gear Ratios', `${g.name} notes`, g.notes]);
  }
  for (const s of sheet.suspension) {
    rows.push(['Suspension & Alignment', `Front ${s.setting}`, s.front]);
    rows.push(['Suspension & Alignment', `Rear ${s.setting}`, s.rear]);
  }
  rows.push(['Suspension & Alignment', 'Notes', sheet.suspensionNotes]);
  for (const t of sheet.tirePressures) {
    rows.push(['Tire Pressures', `${t.condition} front left`, t.frontLeft]);
    rows.push(['Tire Pressures', `${t.condition} front right`, t.frontRight]);
    rows.push(['Tire Pressures', `${t.condition} rear left`, t.rearLeft]);
    rows.push(['Tire Pressures', `${t.condition} rear right`, t.rearRight]);
  }
  rows.push(['Tire Pressures', 'Notes', sheet.tirePressureNotes]);
  for (const c of sheet.cornerWeights) rows.push(['Corner Weights', c.field, c.value]);
  for (const g of sheet.geometry) rows.push(['Geometry', g.field, g.value]);
  // Every field of the engineer's sheet, labelled with its unit ('FL camber (°)'), so the rows are the same for every race event.
  for (const [path, value] of Object.entries(flattenSetupSheet(sheet.engineerSheet))) rows.push(['Setup Sheet', setupSheetFieldLabel(path), value === null ? null : String(value)]);
  for (const m of sheet.maintenance) rows.push(['Maintenance', m.item, m.date]);
  return rows;
}

/** The sheet as CSV: header row `section,field,value`, RFC 4180 quoting. */
export function setupSheetCsv(sheet: SetupSheet): string {
  return encodeCsv(['section', 'field', 'value'], setupSheetRows(sheet));
}

/** The sheet as pretty-printed JSON. */
export function setupSheetJson(sheet: SetupSheet): string {
  return `${JSON.stringify(sheet, null, 2)}\n`;
}
