/**
 * @pitwall/setup-forms: the setup entry forms, once, for the car record (baseline) and the race
 * event's technical settings: gear ratios, suspension & alignment, tire pressures, corner weights, the setup sheet, and the race
 * event's combined 'Edit Setup'. Values with units are numbers in the team's unit (see units/measurement.ts and
 * README.md). Forms take their initial values as props and save through the caller's `onSave`, so
 * each remote keeps its own API hooks and query invalidation. The display parts (./display) are
 * re-exported here and are also an entry of their own, without the forms.
 */
export { GearRatiosForm, type GearRatiosFormProps } from './components/gear-ratios-form';
export { SuspensionForm, type SuspensionFormProps } from './components/suspension-form';
export { TirePressuresForm, type TirePressuresFormProps } from './components/tire-pressures-form';
export { TirePressureTargetsForm, type TirePressureTargetsFormProps } from './components/tire-pressure-targets-form';
export { SetupForm, type SetupFormProps } from './components/setup-form';
export { TirePressuresSection, type TirePressuresSectionProps } from './components/tire-pressures-section';
export { SuspensionSection, type SuspensionSectionProps } from './components/suspension-section';
export {
  SUSPENSION_FIELDS,
  TIRE_CORNERS,
  type SuspensionKey,
  type SuspensionValues,
  type TirePressuresValues,
} from './lib/setup-values';
export { CornerWeightsCard, type CornerWeightsCardProps } from './scales/corner-weights-card';
export { SetupSheetForm, type SetupSheetFormProps } from './sheet/setup-sheet-form';
export * from './display';
