import sharp from 'sharp';
import { cspViolations, recordPageErrors, screenshotAtViewports } from './support/browser.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * The gallery in a real browser: a phone photo (JPEG with EXIF orientation 6, as a phone camera
 * writes it) uploaded to the gallery with a caption, shown as an upright thumbnail, opened in the
 * large view, then in a tab of its own (an issue's image link opens it so); the spec's messages
 * for no file and for a file that is not an image.
 */
const session = useBrowserSession('gallery');

test.beforeAll(async () => {
  // The team and car come through the API in the browser's own session (their screens have their own tests).
  const setup = await session.page.request.post(`${session.server.url}/api/auth/setup-team`, {
    data: { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' },
  });
  expect(setup.status()).toBe(201);
  expect((await session.page.request.post(`${session.server.url}/api/cars`, { data: { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022 } })).status()).toBe(201);
});

test.describe('gallery', () => {
  /** The large view's image URL (the upload test reads it). */
  let largeUrl = '';

  test("starts empty and asks for a file: 'Please select an image to upload'", async () => {
    await session.page.goto(`${session.server.url}/car/1/gallery`);
    await session.page.getByText('No images in the gallery yet').waitFor();
    await session.page.getByRole('button', { name: 'Upload Image' }).first().click();
    const form = session.page.getByRole('form', { name: 'Upload Image' });
    await form.getByRole('button', { name: 'Upload Image' }).click();
    await session.page.getByText('Please select an image to upload').first().waitFor();
  });

  test('uploads a portrait phone photo: upright thumbnail, caption, large view with description', async () => {
    // 1200x800 pixels stored sideways with EXIF orientation 6: shown upright it is 800 wide, 1200 high.
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c8102e' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const form = session.page.getByRole('form', { name: 'Upload Image' });
    await form.getByLabel('Image').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    await form.getByText(/IMG_2041\.jpg \(\d+ KB\)/).waitFor();
    await form.getByLabel('Caption (optional)').fill('Corkscrew, lap 12');
    await form.getByLabel('Description (optional)').fill('Turn 8 entry, brake marker 2');
    await form.getByRole('button', { name: 'Upload Image' }).click();
    await session.page.getByRole('status').filter({ hasText: 'Image uploaded successfully' }).waitFor();
    const tile = session.page.getByRole('button', { name: 'Open Corkscrew, lap 12' });
    const thumbnail = tile.locator('img');
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const size = await thumbnail.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
    expect(size.h).toBeGreaterThan(size.w);
    expect(Math.max(size.w, size.h)).toBe(400);
    await tile.click();
    const dialog = session.page.getByRole('dialog', { name: 'Corkscrew, lap 12' });
    await dialog.getByText('Turn 8 entry, brake marker 2').waitFor();
    const large = dialog.getByRole('img', { name: 'Corkscrew, lap 12' });
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(1200);
    largeUrl = await large.evaluate((img: HTMLImageElement) => img.src);
    await session.page.keyboard.press('Escape');
    await screenshotAtViewports(session.page, 'gallery');
  });

  test("opens in a tab of its own as the browser shows a photo, within the API's policy", async () => {
    const tab = await session.openPage(session.page.context(), { label: 'photo tab' });
    const errors = recordPageErrors(tab);
    expect((await tab.goto(largeUrl))?.status()).toBe(200);
    await expect.poll(() => tab.evaluate(() => document.querySelector('img')?.naturalHeight)).toBe(1200);
    expect(cspViolations(errors)).toEqual([]);
    await tab.close();
  });

  test('refuses a file that is not an image', async () => {
    await session.page.getByRole('button', { name: 'Upload Image' }).first().click();
    const form = session.page.getByRole('form', { name: 'Upload Image' });
    await form.getByLabel('Image').setInputFiles({ name: 'setup.txt', mimeType: 'text/plain', buffer: Buffer.from('camber -2.8') });
    await form.getByText('Only image files can be uploaded').waitFor();
    expect(session.pageErrors).toEqual([]);
  });
});
