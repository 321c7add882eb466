import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubFetch } from '@pitwall/kit/test';
import { owner, renderRemote } from '../../../test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settings = () => json({ teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C' });

describe("Team Settings: 'Team data'", () => {
  it("lets the owner export the team: the zip the server streams is handed to the browser under the server's file name", async () => {
    stubFetch({
      'GET /api/auth/user': () => json(owner),
      'GET /api/teams/1/settings': settings,
      'GET /api/teams/1/export': () => new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="pitwall-apex-2026-11-26.zip"' } }),
    });
    // jsdom has no object URLs: the download is seen at the link the card clicks.
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRemote('/settings');
    const card = within(await screen.findByRole('region', { name: 'Team data' }));
    await userEvent.click(await card.findByRole('button', { name: /Export team data/ }));
    expect(await screen.findByText(/Exported .* \(1 KB\)/)).toBeInTheDocument();
    expect(saved).toEqual(['pitwall-apex-2026-11-26.zip']);
  });

  it('shows a member who is not the owner no export, but the import of a team file of their own', async () => {
    const mechanic = { ...owner, role: 'mechanic' as const, teams: [{ ...owner.teams[0]!, role: 'mechanic' as const }] };
    stubFetch({ 'GET /api/auth/user': () => json(mechanic), 'GET /api/teams/1/settings': settings });
    renderRemote('/settings');
    const card = within(await screen.findByRole('region', { name: 'Team data' }));
    expect(await card.findByLabelText('Team export file')).toHaveAttribute('type', 'file');
    expect(card.getByRole('button', { name: 'Import team data' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Export team data/ })).not.toBeInTheDocument();
  });

  it('says, after an import, which members got another username because theirs was taken', async () => {
    stubFetch({ 'GET /api/auth/user': () => json(owner), 'GET /api/teams/1/settings': settings, 'GET /api/teams': () => json([]) });
    // The browser's upload request (jsdom sends none): the server's answer to the import.
    class ImportRequest {
      status = 201;
      statusText = 'Created';
      responseText = JSON.stringify({ teamId: 7, renamedMembers: [{ from: 'marco', to: 'marco-2' }] });
      upload = {};
      withCredentials = false;
      onload: (() => void) | null = null;
      open() {}
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', ImportRequest);
    renderRemote('/settings');
    const card = within(await screen.findByRole('region', { name: 'Team data' }));
    await userEvent.upload(await card.findByLabelText('Team export file'), new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'apex.zip', { type: 'application/zip' }));
    await userEvent.click(card.getByRole('button', { name: 'Import team data' }));
    expect(await card.findByText(/Usernames already taken on this server were changed: marco → marco-2\./)).toBeInTheDocument();
  });

  it("asks for a file when none is chosen, and shows the server's refusal of a file on the field until another is chosen", async () => {
    stubFetch({ 'GET /api/auth/user': () => json(owner), 'GET /api/teams/1/settings': settings, 'GET /api/teams': () => json([]) });
    class RefusedImport {
      status = 400;
      statusText = 'Bad Request';
      responseText = JSON.stringify({ message: 'file: This is not a Pitwall team export' });
      upload = {};
      withCredentials = false;
      onload: (() => void) | null = null;
      open() {}
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', RefusedImport);
    renderRemote('/settings');
    const card = within(await screen.findByRole('region', { name: 'Team data' }));
    await userEvent.click(await card.findByRole('button', { name: 'Import team data' }));
    expect(await card.findByText('Please choose a team export file')).toBeInTheDocument();
    const field = card.getByLabelText('Team export file');
    await userEvent.upload(field, new File([new Uint8Array([1, 2, 3])], 'notes.zip', { type: 'application/zip' }));
    expect(card.queryByText('Please choose a team export file')).not.toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Import team data' }));
    expect(await card.findByText('This is not a Pitwall team export')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Import team data' })).toBeEnabled();
    await userEvent.upload(field, new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'apex.zip', { type: 'application/zip' }));
    expect(card.queryByText('This is not a Pitwall team export')).not.toBeInTheDocument();
  });
});
