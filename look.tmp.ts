// Temporary: my own look at the screens (not committed).
import { chromium } from 'playwright-core';
const url = process.argv[2]!;
const out = process.argv[3]!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
  const page = await browser.newPage({ viewport });
  await page.goto(url);
  await page.getByRole('tab', { name: 'Admin Login' }).click();
  await page.getByLabel('Username').fill('dana');
  await page.getByLabel('Password').fill('paddock-2026');
  await page.getByRole('button', { name: /Sign In|Login|Log In/i }).click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/${name}-dashboard.png` });
  for (const path of process.argv.slice(4)) {
    await page.goto(url + path);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}/${name}-${path.replace(/[^a-z0-9]+/gi, '_')}.png` });
  }
  await page.close();
}
await browser.close();
