/**
 * The car's setup and maintenance constants, free of zod so the screens that show a setup load them
 * without the schema library; ../setup.ts and ../cars.ts re-export them.
 */

/** The six maintenance items of docs/product.md, 'Maintenance history', in display order, with their car field and label. */
export const MAINTENANCE_ITEMS = [
  { field: 'lastEngineBuild', label: 'Engine Build' },
  { field: 'lastTransmissionBuild', label: 'Transmission Build' },
  { field: 'lastEngineOilChange', label: 'Engine Oil Change' },
  { field: 'lastTransmissionOilChange', label: 'Transmission Oil Change' },
  { field: 'lastDifferentialOilChange', label: 'Differential Oil Change' },
  { field: 'lastClutchChange', label: 'Clutch Change' },
] as const;

/** The twelve suspension & alignment settings, front and rear (docs/product.md, 'Suspension & alignment'), in display order. */
export const SUSPENSION_SETTINGS = [
  { key: 'RideHeight', label: 'Ride Height', placeholder: '75mm' },
  { key: 'SpringRate', label: 'Spring Rate', placeholder: '170 N/mm' },
  { key: 'DamperSetting', label: 'Damper Setting (Comp/Reb)', placeholder: '8/6' },
  { key: 'Camber', label: 'Camber', placeholder: '-3.2°' },
  { key: 'Toe', label: 'Toe', placeholder: '1.2mm (out)' },
  { key: 'AntiRollBar', label: 'Anti-Roll Bar', placeholder: 'Medium' },
] as const;
