import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Team, TeamMember } from '@pitwall/contracts';
import { callsTo, json, stubFetch } from '@pitwall/kit/test';
import { makeMember, makeTeam, marco, owner, renderRemote } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const dana = makeMember();

function stubTeam(options: { teams?: Team[]; members?: TeamMember[]; extra?: Parameters<typeof stubFetch>[0] } = {}) {
  return stubFetch({
    'GET /api/auth/user': () => json(owner),
    'GET /api/teams': () => json(options.teams ?? [makeTeam()]),
    'GET /api/teams/1/members': () => json(options.members ?? [dana, marco]),
    ...options.extra,
  });
}

describe('Team Management (/teams)', () => {
  it("shows 'No teams yet' with 'Create Your First Team'", async () => {
    stubTeam({ teams: [] });
    renderRemote('/teams');
    expect(screen.getByRole('heading', { name: 'Team Management' })).toBeInTheDocument();
    expect(await screen.findByText('No teams yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Your First Team' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Team' })).toBeInTheDocument();
  });

  it("lists every team of a series organiser: name, description or 'No description provided', created date, 'Team Owner'", async () => {
    stubTeam({
      teams: [makeTeam(), makeTeam({ id: 2, name: 'Sonoma Sprint Series', description: null, myRole: 'mechanic', ownerId: '9', createdAt: '2026-03-02T08:00:00.000Z' })],
    });
    renderRemote('/teams');
    const apex = await screen.findByRole('link', { name: /Apex Garage Racing/ });
    expect(apex).toHaveAttribute('href', '/teams/1');
    expect(within(apex).getByText('Club racing, 2026 season')).toBeInTheDocument();
    expect(within(apex).getByText('Created Jan 15, 2026')).toBeInTheDocument();
    expect(within(apex).getByText('Team Owner')).toBeInTheDocument();
    const series = screen.getByRole('link', { name: /Sonoma Sprint Series/ });
    expect(within(series).getByText('No description provided')).toBeInTheDocument();
    expect(within(series).getByText('Created Mar 2, 2026')).toBeInTheDocument();
    expect(within(series).queryByText('Team Owner')).not.toBeInTheDocument();
  });

  it("'Create New Team' checks the name, then creates, toasts, closes and resets", async () => {
    let teams: Team[] = [];
    const fetchMock = stubTeam({
      extra: {
        'GET /api/teams': () => json(teams),
        'POST /api/teams': (body) => {
          const team = makeTeam({ id: 5, ...(body as { name: string; description: string }) });
          teams = [team];
          return json(team, 201);
        },
      },
    });
    renderRemote('/teams');
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Team' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Create New Team' }));
    await userEvent.type(dialog.getByLabelText('Team Name'), 'A');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Team' }));
    expect(await dialog.findByText('Team name must be at least 2 characters')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/teams')).toHaveLength(0);

    await userEvent.type(dialog.getByLabelText('Team Name'), 'pex Endurance');
    await userEvent.type(dialog.getByLabelText('Description'), '24h races');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Team' }));

    expect(await screen.findByText('Team created successfully')).toBeInTheDocument();
    expect(screen.getByText('You have been added as the owner.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/teams')).toEqual([{ name: 'Apex Endurance', description: '24h races' }]);
    expect(await screen.findByRole('link', { name: /Apex Endurance/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Create New Team' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Create New Team' }));
    expect(dialog.getByLabelText('Team Name')).toHaveValue('');
  });

  it("shows 'Failed to create team. Please try again.' when the server refuses", async () => {
    stubTeam({ teams: [], extra: { 'POST /api/teams': () => json({ message: 'boom' }, 500) } });
    renderRemote('/teams');
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Team' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Team' }));
    await userEvent.type(dialog.getByLabelText('Team Name'), 'Apex Endurance');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create team. Please try again.');
    expect(screen.getByRole('dialog', { name: 'Create New Team' })).toBeInTheDocument();
  });
});

describe('Team Members (/teams/:teamId)', () => {
  it('shows the count, Back to Teams, and member rows with initial, name or User {userId}, joined date, role and Inactive badges', async () => {
    stubTeam({ members: [dana, marco, makeMember({ id: 12, userId: '7', username: null, displayName: null, role: 'driver', isActive: false, memberColor: '#16a34a' })] });
    renderRemote('/teams/1');
    expect(await screen.findByRole('heading', { name: 'Team Members (3)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Teams/ })).toHaveAttribute('href', '/teams');
    const marcoRow = within(screen.getByRole('listitem', { name: 'Marco Rossi' }));
    expect(marcoRow.getByText('M')).toHaveStyle({ background: '#ff6600' });
    expect(marcoRow.getByText(/Joined Feb 1, 2026/)).toBeInTheDocument();
    expect(marcoRow.getByText('Mechanic')).toBeInTheDocument();
    const anonymous = within(screen.getByRole('listitem', { name: 'User 7' }));
    expect(anonymous.getByText('Driver')).toBeInTheDocument();
    expect(anonymous.getByText('Inactive')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Dana Whitfield' })).getByText('Owner')).toBeInTheDocument();
  });

  it('shows the empty state when the team has no members', async () => {
    stubTeam({ members: [] });
    renderRemote('/teams/1');
    expect(await screen.findByText('No team members yet. Add some members to get started!')).toBeInTheDocument();
  });

  it('gives the owner Add Member, edit on every row and remove on other rows only', async () => {
    stubTeam();
    renderRemote('/teams/1');
    await screen.findByRole('listitem', { name: 'Marco Rossi' });
    expect(screen.getByRole('button', { name: 'Add Member' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Marco Rossi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Marco Rossi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View your profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Dana Whitfield' })).not.toBeInTheDocument();
  });

  it('gives an admin Add Member but no edit or remove, and a mechanic none of them', async () => {
    stubTeam({ teams: [makeTeam({ myRole: 'admin' })] });
    const { unmount } = renderRemote('/teams/1');
    await screen.findByRole('listitem', { name: 'Marco Rossi' });
    expect(screen.getByRole('button', { name: 'Add Member' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit|^Remove|profile/ })).not.toBeInTheDocument();
    unmount();

    stubTeam({ teams: [makeTeam({ myRole: 'mechanic' })] });
    renderRemote('/teams/1');
    await screen.findByRole('listitem', { name: 'Marco Rossi' });
    expect(screen.queryByRole('button', { name: 'Add Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit|^Remove|profile/ })).not.toBeInTheDocument();
  });

  it("'Add Member' shows each validation message, then adds the member with the chosen role and colour", async () => {
    let members = [dana];
    const fetchMock = stubTeam({
      extra: {
        'GET /api/teams/1/members': () => json(members),
        'POST /api/teams/1/members': () => {
          members = [dana, marco];
          return json(marco, 201);
        },
      },
    });
    renderRemote('/teams/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Member' }));
    expect(dialog.getByLabelText('Role')).toHaveDisplayValue('Member');
    expect(dialog.getAllByRole('radio')).toHaveLength(10);

    await userEvent.type(dialog.getByLabelText('Username'), 'ma');
    await userEvent.type(dialog.getByLabelText('Password'), '12345');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Member' }));
    expect(await dialog.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(dialog.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(dialog.getByText('First name is required')).toBeInTheDocument();
    expect(dialog.getByText('Please select a color')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/teams/1/members')).toHaveLength(0);

    await userEvent.type(dialog.getByLabelText('Username'), 'rco');
    await userEvent.type(dialog.getByLabelText('Password'), '6-torque');
    await userEvent.type(dialog.getByLabelText('First Name'), 'Marco');
    await userEvent.type(dialog.getByLabelText('Last Name'), 'Rossi');
    await userEvent.selectOptions(dialog.getByLabelText('Role'), 'mechanic');
    await userEvent.click(dialog.getByRole('radio', { name: 'orange' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add Member' }));

    expect(await screen.findByText('Member added successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/teams/1/members')).toEqual([
      { username: 'marco', password: '123456-torque', firstName: 'Marco', lastName: 'Rossi', role: 'mechanic', memberColor: '#ff6600' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Team Members (2)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'Failed to add team member. Please try again.' and a taken username on its field", async () => {
    stubTeam({ extra: { 'POST /api/teams/1/members': () => json({ message: 'Username is already taken' }, 409) } });
    renderRemote('/teams/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Member' }));
    await userEvent.type(dialog.getByLabelText('Username'), 'marco');
    await userEvent.type(dialog.getByLabelText('Password'), 'torque-108nm');
    await userEvent.type(dialog.getByLabelText('First Name'), 'Marco');
    await userEvent.click(dialog.getByRole('radio', { name: 'blue' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add team member. Please try again.');
    expect(dialog.getByText('Username is already taken')).toBeInTheDocument();
  });

  it("shows the server's reason of a 400 after 'Failed to add team member. Please try again.'", async () => {
    stubTeam({ extra: { 'POST /api/teams/1/members': () => json({ message: 'password: Password must not contain the username' }, 400) } });
    renderRemote('/teams/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Member' }));
    await userEvent.type(dialog.getByLabelText('Username'), 'marco');
    await userEvent.type(dialog.getByLabelText('Password'), 'marco-torque-108nm');
    await userEvent.type(dialog.getByLabelText('First Name'), 'Marco');
    await userEvent.click(dialog.getByRole('radio', { name: 'blue' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add team member. Please try again. password: Password must not contain the username');
  });

  it("titles the owner's own dialog 'View Your Profile' (no role change, always active) and sends only name and colour", async () => {
    const fetchMock = stubTeam({ extra: { 'PATCH /api/teams/1/members/10': () => json({ ...dana, displayName: 'Dana W.' }) } });
    renderRemote('/teams/1');
    await userEvent.click(await screen.findByRole('button', { name: 'View your profile' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'View Your Profile' }));
    expect(dialog.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(dialog.getByText('The owner role cannot be changed.')).toBeInTheDocument();
    expect(dialog.getByRole('switch', { name: 'Active' })).toBeDisabled();
    await userEvent.clear(dialog.getByLabelText('Display Name'));
    await userEvent.type(dialog.getByLabelText('Display Name'), 'Dana W.');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Team member updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/teams/1/members/10')).toEqual([{ displayName: 'Dana W.', memberColor: '#6b7280' }]);
  });

  it("offers the race engineer among the roles and saves it as 'engineer'", async () => {
    const fetchMock = stubTeam({ extra: { 'PATCH /api/teams/1/members/11': () => json({ ...marco, role: 'engineer' }) } });
    renderRemote('/teams/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Marco Rossi' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'View/Edit Team Member' }));
    expect(within(dialog.getByLabelText('Role')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Admin', 'Race engineer', 'Mechanic', 'Driver', 'Member']);
    await userEvent.selectOptions(dialog.getByLabelText('Role'), 'Race engineer');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Team member updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/teams/1/members/11')).toEqual([{ displayName: 'Marco Rossi', role: 'engineer', memberColor: '#ff6600', isActive: true }]);
  });

  it("'View/Edit Team Member' requires a display name, states that inactive members cannot access the system, and deactivates", async () => {
    const fetchMock = stubTeam({ extra: { 'PATCH /api/teams/1/members/11': () => json({ ...marco, isActive: false }) } });
    renderRemote('/teams/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Marco Rossi' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'View/Edit Team Member' }));
    expect(dialog.getByText('Inactive members cannot access the system.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Role')).toHaveDisplayValue('Mechanic');
    expect(dialog.getByRole('radio', { name: 'orange' })).toBeChecked();

    await userEvent.clear(dialog.getByLabelText('Display Name'));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Display name is required')).toBeInTheDocument();

    await userEvent.type(dialog.getByLabelText('Display Name'), 'Marco Rossi');
    const active = dialog.getByRole('switch', { name: 'Active' });
    expect(active).toBeChecked();
    await userEvent.click(active);
    expect(active).not.toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Team member updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/teams/1/members/11')).toEqual([
      { displayName: 'Marco Rossi', role: 'mechanic', memberColor: '#ff6600', isActive: false },
    ]);
  });

  it('shows no message when an update fails without a reason, and the server reason for a 4xx refusal', async () => {
    let answer = () => json({}, 500);
    stubTeam({ extra: { 'PATCH /api/teams/1/members/11': () => answer() } });
    renderRemote('/teams/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Marco Rossi' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'View/Edit Team Member' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    answer = () => json({ message: 'Only the team owner can edit team members' }, 403);
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the team owner can edit team members');
  });

  it("asks 'Are you sure you want to remove {member} from the team?' in an alertdialog and removes on confirmation", async () => {
    let members = [dana, marco];
    const fetchMock = stubTeam({
      extra: {
        'GET /api/teams/1/members': () => json(members),
        'DELETE /api/teams/1/members/11': () => {
          members = [dana];
          return json(null, 204);
        },
      },
    });
    renderRemote('/teams/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Marco Rossi' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Team Member' });
    expect(confirm).toHaveTextContent('Are you sure you want to remove Marco Rossi from the team?');

    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/teams/1/members/11')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Marco Rossi' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Team member removed successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Team Members (1)' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/teams/1/members/11')).toHaveLength(1);
  });

  it("offers 'Set password' only on a member an import recreated, and shows the server's refusal on the field", async () => {
    const imported = { ...marco, isActive: false, awaitsPassword: true };
    const fetchMock = stubTeam({
      members: [dana, imported, makeMember({ id: 12, userId: '3', username: 'aiko', role: 'driver', displayName: 'Aiko Tanaka' })],
      extra: { 'POST /api/teams/1/members/11/password': () => json({ message: 'password: Password must not contain the username' }, 400) },
    });
    renderRemote('/teams/1');
    const offered = await screen.findByRole('button', { name: 'Set password for Marco Rossi' });
    expect(screen.getAllByRole('button', { name: /^Set password for/ })).toHaveLength(1);
    await userEvent.click(offered);
    const dialog = within(await screen.findByRole('dialog', { name: 'Set password' }));
    await userEvent.type(dialog.getByLabelText('New password'), 'marco-pitlane-winter');
    await userEvent.click(dialog.getByRole('button', { name: 'Set password' }));
    expect(await dialog.findByText('Password must not contain the username')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/teams/1/members/11/password')).toEqual([{ password: 'marco-pitlane-winter' }]);
  });

  it("sets an imported member's password, toasts what comes next and closes", async () => {
    let members = [dana, { ...marco, isActive: false, awaitsPassword: true }];
    stubTeam({
      extra: {
        'GET /api/teams/1/members': () => json(members),
        'POST /api/teams/1/members/11/password': () => {
          members = [dana, { ...marco, isActive: false }];
          return json(null, 204);
        },
      },
    });
    renderRemote('/teams/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Set password for Marco Rossi' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set password' }));
    await userEvent.type(dialog.getByLabelText('New password'), 'grid-walk-lantern-9');
    await userEvent.click(dialog.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password set. Reactivate the member and give them their password.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Set password for Marco Rossi' })).not.toBeInTheDocument());
  });

  it('returns to the login state (signed-out user) when a query answers 401', async () => {
    const { queryClient } = (() => {
      stubTeam({ extra: { 'GET /api/teams/1/members': () => json({ message: 'Not signed in' }, 401) } });
      return renderRemote('/teams/1');
    })();
    await waitFor(() => expect(queryClient.getQueryData(['auth', 'user'])).toBeNull());
  });
});
