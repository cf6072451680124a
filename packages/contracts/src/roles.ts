import { z } from 'zod';
import { permissions } from './permissions.ts';
import { selectId } from './rules/choice.ts';
import { required } from './rules/field.ts';
import { nameText, text } from './rules/text.ts';
import { email } from './rules/urls.ts';
import { validationMessages as m } from './validation.ts';

/** Texts of the Roles and Users with roles sections (SPEC.md section 8 for the delete warning). */
export const roleMessages = {
  created: 'Role created successfully',
  updated: 'Role updated successfully',
  deleted: 'Role deleted successfully',
  activated: 'Role activated successfully',
  deactivated: 'Role deactivated successfully',
  /** Deleting a role with users: the confirmation names how many. */
  deleteWarning: (users: number) => `${users} ${users === 1 ? 'user is' : 'users are'} assigned to this role and will be deactivated.`,
  ownerRole: 'The owner keeps every permission: this role cannot lose one, be deactivated or be deleted.',
  ownerUser: 'The owner cannot be deactivated or lose a permission.',
  nameTaken: 'A role with this name already exists.',
  invited: 'Invitation sent successfully',
  userUpdated: 'User updated successfully',
  emailTaken: 'A user with this email already exists.',
  roleMissing: 'This role does not exist.',
} as const;

const permissionList = z.array(z.enum(permissions, { error: m.invalid }), { error: m.invalid }).transform((list) => [...new Set(list)]);

/** A role's code name: lower case letters, digits and underscores, starting with a letter. */
const roleName = required(text({ max: 64 }).regex(/^[a-z][a-z0-9_]*$/, m.invalid));

export const roleInputSchema = z.object({
  name: roleName,
  display_name: required(nameText({ max: 128 })),
  permissions: permissionList.default([]),
  is_active: z.boolean().default(true),
  /** Staff of this role reach only the affiliates assigned to them as manager. */
  assigned_affiliates_only: z.boolean().default(false),
});
export type RoleInput = z.input<typeof roleInputSchema>;

/** PATCH: any of the fields. */
export const roleUpdateSchema = z.object({
  name: roleName.optional(),
  display_name: required(nameText({ max: 128 })).optional(),
  permissions: permissionList.optional(),
  is_active: z.boolean().optional(),
  assigned_affiliates_only: z.boolean().optional(),
});
export type RoleUpdate = z.input<typeof roleUpdateSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  permissions: z.array(z.enum(permissions)),
  is_active: z.boolean(),
  /** Staff of this role see and act on only the affiliates assigned to them (lists, details, statistics, dashboard, payouts). */
  assigned_affiliates_only: z.boolean(),
  /** The owner's role: it keeps every permission. */
  is_owner_role: z.boolean(),
  users_count: z.number().int(),
  created_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleDeleteReplySchema = z.object({ data: z.object({ deactivated_users: z.number().int() }), message: z.string() });

/** Invite a staff user: they set their password through the emailed link. */
export const staffInviteRequestSchema = z.object({
  email: required(email()),
  name: required(nameText({ max: 255 })),
  role_id: selectId(),
});
export type StaffInviteRequest = z.input<typeof staffInviteRequestSchema>;

export const staffUserUpdateSchema = z.object({
  name: required(nameText({ max: 255 })).optional(),
  role_id: selectId().optional(),
  is_active: z.boolean().optional(),
});
export type StaffUserUpdate = z.input<typeof staffUserUpdateSchema>;

export const staffUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.object({ id: z.number().int(), display_name: z.string(), is_active: z.boolean() }).nullable(),
  is_active: z.boolean(),
  is_owner: z.boolean(),
  /** Invited, and has not set a password yet. */
  invitation_pending: z.boolean(),
  created_at: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

