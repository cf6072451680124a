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
import type { Db } from '../../db/client.ts';
import { recordChange } from '../../lib/events.ts';
import type { BodyOf } from '../../lib/route-body.ts';
import { type Access, owner, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './service.ts';
import { getStaffUser, inviteStaffUser, listStaffUsers, updateStaffUser } from './staff-users.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const withMessage = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string() });

/** A route's options: its access rule, and its schema with the tag, security and error replies every route here shares. */
function routeOptions<S extends { response: Record<number, z.ZodType> }>(app: FastifyInstance, access: Access, summary: string, schema: S) {
  return { onRequest: requireAccess(app, access), schema: { tags: ['settings'], summary, security: [{ bearer: [] }], ...schema, response: { ...schema.response, ...errors } } };
}

/** What a change did to something that can be switched off: activated it, deactivated it, or changed something else. */
function changeAction(before: { is_active: boolean }, after: { is_active: boolean }): 'activated' | 'deactivated' | 'updated' {
  if (before.is_active === after.is_active) return 'updated';
  return after.is_active ? 'activated' : 'deactivated';
}

type Action = ReturnType<typeof changeAction>;

/** A PATCH of something that can be switched off, at `<path>/{id}`. */
interface UpdateSpec<Body extends z.ZodType, Row extends { id: number; is_active: boolean }> {
  path: '/v1/roles' | '/v1/staff-users';
  summary: string;
  body: Body;
  row: z.ZodType<Row>;
  /** The event history's object type (`role` -> `role.activated|deactivated|updated`). */
  object: 'role' | 'staff_user';
  get: (db: Db, id: number) => Promise<Row>;
  update: (db: Db, id: number, input: BodyOf<Body>) => Promise<Row>;
  /** The event names the changed one as its subject too (a staff user). */
  isSubject?: boolean;
  message: (action: Action) => string;
}

/** PATCH `<path>/{id}`: reads the row before, updates it, records what the change did with both, and answers the row. */
function updateRoute<Body extends z.ZodType, Row extends { id: number; is_active: boolean }>(app: App, spec: UpdateSpec<Body, Row>) {
  app.patch(
    `${spec.path}/:id`,
    routeOptions(app, owner, spec.summary, { params: idParamsSchema, body: spec.body, response: { 200: withMessage(spec.row) } }),
    async (request) => {
      const before = await spec.get(app.db, request.params.id);
      const data = await spec.update(app.db, request.params.id, request.body);
      const action = changeAction(before, data);
      await recordChange(request, `${spec.object}.${action}`, { objectId: data.id, subjectId: spec.isSubject ? data.id : null, before, after: data });
      return { data, message: spec.message(action) };
    },
  );
}

/** Roles (named permission sets) and the staff users holding them: staff with settings read, the owner changes. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/roles', routeOptions(app, staff('settings'), 'Staff roles with their permissions and how many users hold each', { response: { 200: dataReply(z.array(roleSchema)) } }), async () => ({
    data: await listRoles(app.db),
  }));

  app.post('/v1/roles', routeOptions(app, owner, 'Create a role', { body: roleInputSchema, response: { 201: withMessage(roleSchema) } }), async (request, reply) => {
    const data = await createRole(app.db, request.body);
    await recordChange(request, 'role.created', { objectId: data.id, after: data });
    return reply.code(201).send({ data, message: roleMessages.created });
  });

  updateRoute(app, {
    path: '/v1/roles',
    summary: "Change a role's name, permissions, or activate or deactivate it (the owner's role keeps every permission)",
    body: roleUpdateSchema,
    row: roleSchema,
    object: 'role',
    get: getRole,
    update: updateRole,
    message: (action) => roleMessages[action],
  });

  app.delete(
    '/v1/roles/:id',
    routeOptions(app, owner, 'Delete a role: its users are deactivated and signed out (the screen warns with their number first)', { params: idParamsSchema, response: { 200: roleDeleteReplySchema } }),
    async (request) => {
      const { role, deactivated } = await deleteRole(app.db, request.params.id);
      await recordChange(request, 'role.deleted', { objectId: role.id, before: role, after: null, data: { deactivated_users: deactivated } });
      for (const userId of deactivated) {
        await recordChange(request, 'staff_user.deactivated', { objectId: userId, subjectId: userId, before: { is_active: true, role_id: role.id }, after: { is_active: false, role_id: null }, data: { reason: 'role_deleted' } });
      }
      return { data: { deactivated_users: deactivated.length }, message: roleMessages.deleted };
    },
  );

  app.get('/v1/staff-users', routeOptions(app, staff('settings'), 'Staff users with their roles', { response: { 200: dataReply(z.array(staffUserSchema)) } }), async () => ({
    data: await listStaffUsers(app.db),
  }));

  app.post(
    '/v1/staff-users',
    routeOptions(app, owner, 'Invite a staff user by email with a role: the link lets them set a password', { body: staffInviteRequestSchema, response: { 201: withMessage(staffUserSchema) } }),
    async (request, reply) => {
      const data = await inviteStaffUser(app, request.body, request.auth!);
      await recordChange(request, 'staff_user.invited', { objectId: data.id, subjectId: data.id, after: data });
      return reply.code(201).send({ data, message: roleMessages.invited });
    },
  );

  updateRoute(app, {
    path: '/v1/staff-users',
    summary: "Change a staff user's name or role, or deactivate them (their sessions end); never the owner's",
    body: staffUserUpdateSchema,
    row: staffUserSchema,
    object: 'staff_user',
    get: getStaffUser,
    update: updateStaffUser,
    isSubject: true,
    message: () => roleMessages.userUpdated,
  });
};
