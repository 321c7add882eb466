import type { User } from '@pitwall/contracts';

/** The signed-in team owner the shell's and remotes' component tests render as. */
export const signedInOwner: User = {
  id: 1,
  username: 'owner',
  firstName: 'Olivia',
  lastName: 'Owner',
  email: 'owner@example.com',
  role: 'owner',
  teams: [{ teamId: 1, teamName: 'Apex Racing', role: 'owner', memberColor: '#0066cc', displayName: 'Olivia' }],
};
