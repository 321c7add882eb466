import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorAnswer, idParam, MemberPasswordBody, NewMemberBody, NewTeamBody, PatchMemberBody, PutTeamSettingsBody, Team, TeamMember, TeamSettings } from '@pitwall/contracts';
import { ForbiddenError, NotFoundError, teamDecider, teamStream, type TeamCommand } from '@pitwall/domain';
import { findTeamSettings, findUserProfile, listMembers, listTeams } from '@pitwall/read-models';
import { registerAccount, setImportedMemberPassword } from '../identity/accounts.ts';
import { requireUser, userIdOf } from '../identity/auth-plugin.ts';
import { commandContext } from '../command/request-context.ts';
import { requireTeam } from './team-access.ts';
import { inStream, inStreams, membersOfTeam, teamsOfUser } from '../etag/resource-scopes.ts';

const TeamParams = z.object({ teamId: idParam('teamId') });
const MemberParams = z.object({ teamId: idParam('teamId'), memberId: idParam('memberId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/**
 * Teams and members (docs/product.md, 'API'), with the rules the spec leaves open and Pitwall closes:
 * add by owner or admin, edit/remove/delete by the owner, owner protected; a deactivated or
 * removed member's sessions end at once. The team's settings (its units): every active
 * member reads them, the owner or an admin changes them.
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  async function runTeamCommand(request: FastifyRequest, teamId: number, command: TeamCommand) {
    const { events, position } = await deps.commands.handle(teamDecider, teamStream(teamId), command, commandContext(request, teamId));
    for (const event of events) {
      if (event.type === 'MemberDeactivated' || event.type === 'MemberRemoved') await deps.authSessions.destroyAllOf(Number(event.data.userId));
    }
    await deps.commands.visible(position);
  }

  async function requireMember(teamId: number, memberId: number): Promise<TeamMember> {
    const member = (await listMembers(deps.db, teamId)).find((m) => m.id === memberId);
    if (!member) throw new NotFoundError('Team member not found');
    return member;
  }

  app.get('/api/teams', {
    config: { etag: inStreams(teamsOfUser) },
    schema: { tags: ['teams'], summary: 'Teams where the caller is an active member', response: { 200: z.array(Team), 401: ErrorAnswer } },
    handler: async (request) => listTeams(deps.db, userIdOf(request)),
  });

  app.post('/api/teams', {
    schema: { tags: ['teams'], summary: 'Create a team; the caller becomes its owner', body: NewTeamBody, response: { 201: Team, ...errors } },
    handler: async (request, reply) => {
      const [teamId, ownerMemberId] = [await deps.ids.next('team'), await deps.ids.next('team_member')];
      const userId = userIdOf(request);
      const current = (await listTeams(deps.db, userId))[0];
      const ownerDisplayName = current ? ((await listMembers(deps.db, current.id)).find((m) => m.userId === String(userId))?.displayName ?? null) : null;
      await runTeamCommand(request, teamId, {
        type: 'CreateTeam',
        data: { teamId, ownerMemberId, name: request.body.name, description: request.body.description, ownerUserId: userId, ownerDisplayName, now: request.now.toISOString() },
      });
      return reply.code(201).send(await requireTeam(deps, request, teamId));
    },
  });

  app.delete('/api/teams/:teamId', {
    config: { etag: inStreams(teamsOfUser, () => '/api/teams') },
    schema: { tags: ['teams'], summary: 'Delete a team (owner only)', params: TeamParams, response: { 412: z.array(Team), 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const { teamId } = request.params;
      await requireTeam(deps, request, teamId);
      await runTeamCommand(request, teamId, { type: 'DeleteTeam', data: { actorUserId: userIdOf(request) } });
      return reply.code(204).send(null);
    },
  });

  async function requireSettings(teamId: number): Promise<TeamSettings> {
    const settings = await findTeamSettings(deps.db, teamId);
    if (!settings) throw new NotFoundError('Team not found');
    return settings;
  }

  app.get('/api/teams/:teamId/settings', {
    config: { etag: inStream((p) => teamStream(p.teamId!)) },
    schema: { tags: ['teams'], summary: "The team's settings: its pressure unit (psi|bar) and temperature unit (C|F)", params: TeamParams, response: { 200: TeamSettings, ...errors } },
    handler: async (request) => {
      await requireTeam(deps, request, request.params.teamId);
      return requireSettings(request.params.teamId);
    },
  });

  app.put('/api/teams/:teamId/settings', {
    config: { etag: inStream((p) => teamStream(p.teamId!)) },
    schema: { tags: ['teams'], summary: "Choose the team's units (owner or admin)", params: TeamParams, body: PutTeamSettingsBody, response: { 412: TeamSettings, 200: TeamSettings, ...errors } },
    handler: async (request) => {
      const { teamId } = request.params;
      await requireTeam(deps, request, teamId);
      await runTeamCommand(request, teamId, { type: 'ChooseTeamUnits', data: { actorUserId: userIdOf(request), ...request.body } });
      return requireSettings(teamId);
    },
  });

  app.get('/api/teams/:teamId/members', {
    config: { etag: inStreams(membersOfTeam) },
    schema: { tags: ['teams'], summary: 'Members of a team', params: TeamParams, response: { 200: z.array(TeamMember), ...errors } },
    handler: async (request) => {
      await requireTeam(deps, request, request.params.teamId);
      return listMembers(deps.db, request.params.teamId);
    },
  });

  app.post('/api/teams/:teamId/members', {
    schema: { tags: ['teams'], summary: 'Add a member with a new account (owner or admin)', params: TeamParams, body: NewMemberBody, response: { 201: TeamMember, ...errors } },
    handler: async (request, reply) => {
      const { teamId } = request.params;
      const team = await requireTeam(deps, request, teamId);
      if (team.myRole !== 'owner' && team.myRole !== 'admin') throw new ForbiddenError('Only the team owner or an admin can add members');
      const { username, password, firstName, lastName, role, memberColor } = request.body;
      const now = request.now;
      const userId = await registerAccount(deps, { username, password, firstName, lastName, email: null, teamName: team.name }, commandContext(request, teamId));
      const memberId = await deps.ids.next('team_member');
      const displayName = [firstName, lastName].filter(Boolean).join(' ');
      await runTeamCommand(request, teamId, { type: 'AddMember', data: { actorUserId: userIdOf(request), memberId, userId, role, memberColor, displayName, now: now.toISOString() } });
      return reply.code(201).send(await requireMember(teamId, memberId));
    },
  });

  app.patch('/api/teams/:teamId/members/:memberId', {
    config: { etag: inStreams(membersOfTeam, (p) => `/api/teams/${p.teamId}/members`) },
    schema: { tags: ['teams'], summary: 'Edit a member: display name, role, colour, active (owner only)', params: MemberParams, body: PatchMemberBody, response: { 412: z.array(TeamMember), 200: TeamMember, ...errors } },
    handler: async (request) => {
      const { teamId, memberId } = request.params;
      await requireTeam(deps, request, teamId);
      await runTeamCommand(request, teamId, { type: 'UpdateMember', data: { actorUserId: userIdOf(request), memberId, ...request.body } });
      return requireMember(teamId, memberId);
    },
  });

  app.delete('/api/teams/:teamId/members/:memberId', {
    config: { etag: inStreams(membersOfTeam, (p) => `/api/teams/${p.teamId}/members`) },
    schema: { tags: ['teams'], summary: 'Remove a member (owner only; never their own row)', params: MemberParams, response: { 412: z.array(TeamMember), 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const { teamId, memberId } = request.params;
      await requireTeam(deps, request, teamId);
      await runTeamCommand(request, teamId, { type: 'RemoveMember', data: { actorUserId: userIdOf(request), memberId } });
      return reply.code(204).send(null);
    },
  });

  app.post('/api/teams/:teamId/members/:memberId/password', {
    schema: {
      tags: ['teams'],
      summary: "Set the first password of a member recreated by importing this team (owner only; never an account that exists elsewhere or has a password)",
      params: MemberParams,
      body: MemberPasswordBody,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const { teamId, memberId } = request.params;
      const team = await requireTeam(deps, request, teamId);
      if (team.myRole !== 'owner') throw new ForbiddenError("Only the team owner can set a member's password");
      const member = await requireMember(teamId, memberId);
      const profile = await findUserProfile(deps.db, Number(member.userId));
      if (!member.awaitsPassword || !profile) throw new ForbiddenError('Only a member recreated by importing this team, who belongs to no other team and has no password yet, can be given one by the owner');
      const position = await setImportedMemberPassword(deps, { ...profile, userId: profile.id }, team, request.body.password, commandContext(request, teamId));
      await deps.commands.visible(position);
      return reply.code(204).send(null);
    },
  });
};
