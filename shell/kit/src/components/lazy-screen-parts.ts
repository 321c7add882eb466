/**
 * The chunk 'kit-parts' behind ./lazy-parts: the kit's parts a screen shows as it opens (a car
 * page's and a race event's Tabs, the technical setup's Accordion, the login screen's Tabs).
 * Nothing here may import a dialog or a form control: this chunk is in those screens' first wave.
 */
export { Tabs } from './tabs';
export { Accordion } from './accordion';
