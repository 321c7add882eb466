// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';

/**
 * The shell's page starts a dozen requests from its own scripts in <head>, and Chromium gives a
 * host six HTTP/1.1 connections: main.js and main.css must be asked for before those scripts run,
 * or main.js waits for a free connection and arrives last (about 200 ms later on paddock 3G). It
 * reads the build: `npm test` builds first; alone, run `npm run build` before it.
 */
const page = path.resolve(import.meta.dirname, '../dist/index.html');

describe("the shell's built page", () => {
  it("names main.js and main.css in <head> before the page's own first script", () => {
    if (!fs.existsSync(page)) throw new Error('shell/dist/index.html is missing: this test reads the build, run `npm run build` first');
    const html = fs.readFileSync(page, 'utf8');
    const firstScript = html.indexOf('<script>');
    const mainJs = html.search(/<script defer src="\/main\.[0-9a-f]+\.js">/);
    const mainCss = html.search(/<link href="\/main\.[0-9a-f]+\.css" rel="stylesheet">/);
    expect(firstScript).toBeGreaterThan(0);
    expect(mainJs).toBeGreaterThan(html.indexOf('<head>'));
    expect(mainJs).toBeLessThan(firstScript);
    expect(mainCss).toBeGreaterThan(0);
    expect(mainCss).toBeLessThan(firstScript);
    expect(html.match(/src="\/main\./g)).toHaveLength(1);
  });
});
