/**
 * The car page's forms in one module, loaded on first use through ./lazy-forms: they bring
 * react-hook-form, the zod body schemas and the shared setup forms' main entry, which the page's
 * first screen does without. The Corner Weights card comes with them, since it holds its own forms.
 */
export { CornerWeightsCard } from '@pitwall/setup-forms';
export { AddChecklistItemForm } from './add-checklist-item-form';
export { EditBasicInformationForm } from './edit-basic-information-form';
export { TuningLinkDialog } from './tuning-link-dialog';
export { CarGearRatiosForm, CarSetupSheetForm, CarSuspensionForm, CarTirePressuresForm, CarTirePressureTargetsForm } from './setup-forms';
