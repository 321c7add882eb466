/**
 * The chunk 'kit-form-parts' behind ./lazy-parts: the kit's parts shown once a dialog opens or a form
 * is used (Dialog, ConfirmDialog, SwitchField, SwatchPicker) and the forms-only ColorField. Kept out
 * of 'kit-parts' so a first screen's tabs do not bring the dialogs' focus trap, dismissal and scroll
 * lock, the radio group and the switch.
 */
export { Dialog } from './dialog';
export { ConfirmDialog } from './confirm-dialog';
export { SwitchField } from './switch-field';
export { SwatchPicker } from './swatch-picker';
export { ColorField } from './color-field';
