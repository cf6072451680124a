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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../../lib/events.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './service.ts';
import { getStaffUser, inviteStaffUser, listStaffUsers, updateStaffUser } from './staff-users.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const withMessage = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string() });

/** Roles (named permission sets) and the staff users holding them: staff with settings read, the owner changes. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/roles',
    { onRequest: requireAccess(app, 'GET /v1/roles'), schema: { tags, summary: 'Staff roles with their permissions and how many users hold each', security, response: { 200: dataReply(z.array(roleSchema)), ...errors } } },
    async () => ({ data: await listRoles(app.db) }),
  );

  app.post(
    '/v1/roles',
    { onRequest: requireAccess(app, 'POST /v1/roles'), schema: { tags, summary: 'Create a role', security, body: roleInputSchema, response: { 201: withMessage(roleSchema), ...errors } } },
    async (request, reply) => {
      const data = await createRole(app.db, request.body);
      await recordChange(request, 'role.created', { objectId: data.id, after: data });
      return reply.code(201).send({ data, message: roleMessages.created });
    },
  );

  app.patch(
    '/v1/roles/:id',
    {
      onRequest: requireAccess(app, 'PATCH /v1/roles/{id}'),
      schema: { tags, summary: "Change a role's name, permissions, or activate or deactivate it (the owner's role keeps every permission)", security, params: idParamsSchema, body: roleUpdateSchema, response: { 200: withMessage(roleSchema), ...errors } },
    },
    async (request) => {
      const before = await getRole(app.db, request.params.id);
      const data = await updateRole(app.db, request.params.id, request.body);
      const action = before.is_active !== data.is_active ? (data.is_active ? 'activated' : 'deactivated') : 'updated';
      await recordChange(request, `role.${action}`, { objectId: data.id, before, after: data });
      return { data, message: action === 'activated' ? roleMessages.activated : action === 'deactivated' ? roleMessages.deactivated : roleMessages.updated };
    },
  );

  app.delete(
    '/v1/roles/:id',
    {
      onRequest: requireAccess(app, 'DELETE /v1/roles/{id}'),
      schema: { tags, summary: 'Delete a role: its users are deactivated and signed out (the screen warns with their number first)', security, params: idParamsSchema, response: { 200: roleDeleteReplySchema, ...errors } },
    },
    async (request) => {
      const { role, deactivated } = await deleteRole(app.db, request.params.id);
      await recordChange(request, 'role.deleted', { objectId: role.id, before: role, after: null, data: { deactivated_users: deactivated } });
      for (const userId of deactivated) {
        await recordChange(request, 'staff_user.deactivated', { objectId: userId, subjectId: userId, before: { is_active: true, role_id: role.id }, after: { is_active: false, role_id: null }, data: { reason: 'role_deleted' } });
      }
      return { data: { deactivated_users: deactivated.length }, message: roleMessages.deleted };
    },
  );

  app.get(
    '/v1/staff-users',
    { onRequest: requireAccess(app, 'GET /v1/staff-users'), schema: { tags, summary: 'Staff users with their roles', security, response: { 200: dataReply(z.array(staffUserSchema)), ...errors } } },
    async () => ({ data: await listStaffUsers(app.db) }),
  );

  app.post(
    '/v1/staff-users',
    {
      onRequest: requireAccess(app, 'POST /v1/staff-users'),
      schema: { tags, summary: 'Invite a staff user by email with a role: the link lets them set a password', security, body: staffInviteRequestSchema, response: { 201: withMessage(staffUserSchema), ...errors } },
    },
    async (request, reply) => {
      const data = await inviteStaffUser(app, request.body, request.auth!);
      await recordChange(request, 'staff_user.invited', { objectId: data.id, subjectId: data.id, after: data });
      return reply.code(201).send({ data, message: roleMessages.invited });
    },
  );

  app.patch(
    '/v1/staff-users/:id',
    {
      onRequest: requireAccess(app, 'PATCH /v1/staff-users/{id}'),
      schema: { tags, summary: "Change a staff user's name or role, or deactivate them (their sessions end); never the owner's", security, params: idParamsSchema, body: staffUserUpdateSchema, response: { 200: withMessage(staffUserSchema), ...errors } },
    },
    async (request) => {
      const before = await getStaffUser(app.db, request.params.id);
      const data = await updateStaffUser(app.db, request.params.id, request.body);
      const action = before.is_active !== data.is_active ? (data.is_active ? 'activated' : 'deactivated') : 'updated';
      await recordChange(request, `staff_user.${action}`, { objectId: data.id, subjectId: data.id, before, after: data });
      return { data, message: roleMessages.userUpdated };
    },
  );
};
