/** The chunk behind ./lazy-parts: the kit's Ark UI-heavy components and ColorField. */
export { Dialog } from './dialog';
export { ConfirmDialog } from './confirm-dialog';
export { Tabs } from './tabs';
export { Accordion } from './accordion';
export { SwitchField } from './switch-field';
export { SwatchPicker } from './swatch-picker';
export { ColorField } from './color-field';
