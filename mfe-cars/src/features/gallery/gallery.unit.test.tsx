import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Image } from '@pitwall/contracts';
import { callsTo, json, stubFetch, type StubHandler } from '@pitwall/kit/test';
import { makeCar, renderRemote, user } from '../../../test/fixtures';
import { sizeInKb } from './components/upload-form';

afterEach(() => vi.unstubAllGlobals());

const photo = (over: Partial<Image>): Image => ({
  id: 1,
  carId: 7,
  eventId: null,
  url: '/api/images/a.jpg',
  thumbnailUrl: '/api/images/a.jpg?size=thumb',
  caption: 'Corkscrew, lap 12',
  description: 'Two wheels on the kerb',
  createdAt: '2026-03-21T10:00:00.000Z',
  ...over,
});

function stubGallery(initial: Image[] = [], overrides: Record<string, StubHandler> = {}) {
  let images = initial;
  return stubFetch({
    'GET /api/auth/user': () => json(user),
    'GET /api/cars': () => json([makeCar()]),
    'GET /api/cars/7/images': () => json(images),
    'POST /api/cars/7/images': (body) => {
      const image = { ...photo({}), ...(body as object), id: 9, thumbnailUrl: '/api/images/new.jpg?size=thumb' } as Image;
      images = [image, ...images];
      return json(image, 201);
    },
    ...overrides,
  });
}

describe('Gallery', () => {
  it('shows the empty state and toggles the upload form with Upload Image / Cancel', async () => {
    stubGallery();
    renderRemote('/car/7/gallery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gallery' })).toBeInTheDocument();
    expect(await screen.findByText('No images in the gallery yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload Image' }));
    expect(screen.getByRole('form', { name: 'Upload Image' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Upload Image' })).not.toBeInTheDocument();
  });

  it("asks for a file: 'Please select an image to upload'", async () => {
    stubGallery();
    renderRemote('/car/7/gallery');
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Image' }));
    const form = within(screen.getByRole('form', { name: 'Upload Image' }));
    await userEvent.click(form.getByRole('button', { name: 'Upload Image' }));
    expect(await form.findByText('Please select an image to upload')).toBeInTheDocument();
  });

  it('uploads, records the image with caption and description, toasts, clears and closes the form', async () => {
    const mock = stubGallery([], { 'POST /api/upload': () => json({ url: '/api/images/new.jpg', thumbnailUrl: '/api/images/new.jpg?size=thumb' }, 201) });
    renderRemote('/car/7/gallery');
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Image' }));
    const form = within(screen.getByRole('form', { name: 'Upload Image' }));
    await userEvent.upload(form.getByLabelText('Image'), new File([new Uint8Array(3 * 1024)], 'turn2.jpg', { type: 'image/jpeg' }));
    expect(form.getByText('turn2.jpg (3 KB)')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Caption (optional)'), 'Turn 2 exit');
    await userEvent.type(form.getByLabelText('Description (optional)'), 'Understeer on exit');
    await userEvent.click(form.getByRole('button', { name: 'Upload Image' }));
    expect(await screen.findByText('Image uploaded successfully')).toBeInTheDocument();
    const upload = mock.mock.calls.find(([url]) => String(url) === '/api/upload');
    expect((upload?.[1]?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(callsTo(mock, 'POST', '/api/cars/7/images')).toEqual([{ carId: 7, eventId: null, url: '/api/images/new.jpg', caption: 'Turn 2 exit', description: 'Understeer on exit' }]);
    expect(screen.queryByRole('form', { name: 'Upload Image' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Open Turn 2 exit' })).toBeInTheDocument();
  });

  it('refuses a file over the server\'s limit (GET /config.json) before sending it, naming the limit', async () => {
    const mock = stubGallery([], {
      'GET /config.json': () => json({ remotes: {}, uploadMaxBytes: 1024 * 1024 }),
      'POST /api/upload': () => json({ url: '/api/images/new.jpg', thumbnailUrl: '' }, 201),
    });
    renderRemote('/car/7/gallery');
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Image' }));
    const form = within(screen.getByRole('form', { name: 'Upload Image' }));
    await waitFor(async () => {
      await userEvent.upload(form.getByLabelText('Image'), new File([new Uint8Array(2 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' }));
      expect(form.getByText('The file is too large (2 MB): at most 1 MB can be uploaded.')).toBeInTheDocument();
    });
    await userEvent.click(form.getByRole('button', { name: 'Upload Image' }));
    expect(form.getByText('The file is too large (2 MB): at most 1 MB can be uploaded.')).toBeInTheDocument();
    expect(callsTo(mock, 'POST', '/api/upload')).toEqual([]);
  });

  it("toasts 'Failed to upload image' when the upload fails, and 'Failed to save image: {reason}' when recording fails", async () => {
    let upload = () => new Response('', { status: 415, statusText: 'Unsupported Media Type' });
    stubGallery([], {
      'POST /api/upload': () => upload(),
      'POST /api/cars/7/images': () => json({ message: 'url: upload the image to this team first (POST /api/upload)' }, 400),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRemote('/car/7/gallery');
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Image' }));
    const form = within(screen.getByRole('form', { name: 'Upload Image' }));
    await userEvent.upload(form.getByLabelText('Image'), new File(['x'], 'a.png', { type: 'image/png' }));
    await userEvent.click(form.getByRole('button', { name: 'Upload Image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload image');

    upload = () => json({ url: '/api/images/x.png', thumbnailUrl: '/api/images/x.png?size=thumb' }, 201);
    await userEvent.click(form.getByRole('button', { name: 'Upload Image' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to save image: url: upload the image to this team first (POST /api/upload)'));
    expect(screen.getByRole('form', { name: 'Upload Image' })).toBeInTheDocument();
  });

  it("shows thumbnails with captions; the large view has the caption (or 'Image Detail') and description", async () => {
    stubGallery([photo({}), photo({ id: 2, caption: null, description: null, url: '/api/images/b.jpg', thumbnailUrl: '/api/images/b.jpg?size=thumb' })]);
    renderRemote('/car/7/gallery');
    const tile = await screen.findByRole('button', { name: 'Open Corkscrew, lap 12' });
    expect(tile.querySelector('img')).toHaveAttribute('src', '/api/images/a.jpg?size=thumb');
    await userEvent.click(tile);
    let dialog = await screen.findByRole('dialog', { name: 'Corkscrew, lap 12' });
    expect(within(dialog).getByRole('img', { name: 'Corkscrew, lap 12' })).toHaveAttribute('src', '/api/images/a.jpg');
    expect(within(dialog).getByText('Two wheels on the kerb')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Open image' }));
    dialog = await screen.findByRole('dialog', { name: 'Image Detail' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/api/images/b.jpg');
  });

  it('sizes files in whole KB', () => {
    expect(sizeInKb(100)).toBe(1);
    expect(sizeInKb(5 * 1024 * 1024)).toBe(5120);
  });
});
