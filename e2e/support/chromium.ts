/** Debian's chromium; `npx playwright install` cannot download browsers on these machines. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that make Debian's chromium run headless in containers and CI without reaching the network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
