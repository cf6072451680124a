import {
  dataReply,
  errorReplySchema,
  idParamsSchema,
  roleDeleteReplySchema,
  roleInputSchema,
  roleMessages,
  roleSchema,
  roleUpdateSchema,
  staffInviteRequestSchema,
  staffUserSchema,
  staffUserUpdateSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteKey } from '../../lib/authorization.ts';
import { recordChange } from '../../lib/events.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './service.ts';
import { getStaffUser, inviteStaffUser, listStaffUsers, updateStaffUser } from './staff-users.ts';

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const withMessage = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string() });

/** A route's options: its access rule, and its schema with the tag, security and error replies every route here shares. */
function routeOptions<S extends { response: Record<number, z.ZodType> }>(app: FastifyInstance, route: RouteKey, summary: string, schema: S) {
  return { onRequest: requireAccess(app, route), schema: { tags: ['settings'], summary, security: [{ bearer: [] }], ...schema, response: { ...schema.response, ...errors } } };
}

/** What a change did to something that can be switched off: activated it, deactivated it, or changed something else. */
function changeAction(before: { is_active: boolean }, after: { is_active: boolean }): 'activated' | 'deactivated' | 'updated' {
  if (before.is_active === after.is_active) return 'updated';
  return after.is_active ? 'activated' : 'deactivated';
}

/** Roles (named permission sets) and the staff users holding them: staff with settings read, the owner changes. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/roles', routeOptions(app, 'GET /v1/roles', 'Staff roles with their permissions and how many users hold each', { response: { 200: dataReply(z.array(roleSchema)) } }), async () => ({
    data: await listRoles(app.db),
  }));

  app.post('/v1/roles', routeOptions(app, 'POST /v1/roles', 'Create a role', { body: roleInputSchema, response: { 201: withMessage(roleSchema) } }), async (request, reply) => {
    const data = await createRole(app.db, request.body);
    await recordChange(request, 'role.created', { objectId: data.id, after: data });
    return reply.code(201).send({ data, message: roleMessages.created });
  });

  app.patch(
    '/v1/roles/:id',
    routeOptions(app, 'PATCH /v1/roles/{id}', "Change a role's name, permissions, or activate or deactivate it (the owner's role keeps every permission)", {
      params: idParamsSchema,
      body: roleUpdateSchema,
      response: { 200: withMessage(roleSchema) },
    }),
    async (request) => {
      const before = await getRole(app.db, request.params.id);
      const data = await updateRole(app.db, request.params.id, request.body);
      const action = changeAction(before, data);
      await recordChange(request, `role.${action}`, { objectId: data.id, before, after: data });
      return { data, message: roleMessages[action] };
    },
  );

  app.delete(
    '/v1/roles/:id',
    routeOptions(app, 'DELETE /v1/roles/{id}', 'Delete a role: its users are deactivated and signed out (the screen warns with their number first)', { params: idParamsSchema, response: { 200: roleDeleteReplySchema } }),
    async (request) => {
      const { role, deactivated } = await deleteRole(app.db, request.params.id);
      await recordChange(request, 'role.deleted', { objectId: role.id, before: role, after: null, data: { deactivated_users: deactivated } });
      for (const userId of deactivated) {
        await recordChange(request, 'staff_user.deactivated', { objectId: userId, subjectId: userId, before: { is_active: true, role_id: role.id }, after: { is_active: false, role_id: null }, data: { reason: 'role_deleted' } });
      }
      return { data: { deactivated_users: deactivated.length }, message: roleMessages.deleted };
    },
  );

  app.get('/v1/staff-users', routeOptions(app, 'GET /v1/staff-users', 'Staff users with their roles', { response: { 200: dataReply(z.array(staffUserSchema)) } }), async () => ({
    data: await listStaffUsers(app.db),
  }));

  app.post(
    '/v1/staff-users',
    routeOptions(app, 'POST /v1/staff-users', 'Invite a staff user by email with a role: the link lets them set a password', { body: staffInviteRequestSchema, response: { 201: withMessage(staffUserSchema) } }),
    async (request, reply) => {
      const data = await inviteStaffUser(app, request.body, request.auth!);
      await recordChange(request, 'staff_user.invited', { objectId: data.id, subjectId: data.id, after: data });
      return reply.code(201).send({ data, message: roleMessages.invited });
    },
  );

  app.patch(
    '/v1/staff-users/:id',
    routeOptions(app, 'PATCH /v1/staff-users/{id}', "Change a staff user's name or role, or deactivate them (their sessions end); never the owner's", {
      params: idParamsSchema,
      body: staffUserUpdateSchema,
      response: { 200: withMessage(staffUserSchema) },
    }),
    async (request) => {
      const before = await getStaffUser(app.db, request.params.id);
      const data = await updateStaffUser(app.db, request.params.id, request.body);
      await recordChange(request, `staff_user.${changeAction(before, data)}`, { objectId: data.id, subjectId: data.id, before, after: data });
      return { data, message: roleMessages.userUpdated };
    },
  );
};
