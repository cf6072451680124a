import { type Role, type RoleInput, type RoleUpdate, roleSchema, type StaffInviteRequest, type StaffUser, type StaffUserUpdate, staffUserSchema } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const rolesKeys = { roles: ['roles'] as const, staffUsers: ['staff-users'] as const };

export const getRolesQueryOptions = () =>
  queryOptions({ queryKey: rolesKeys.roles, queryFn: async (): Promise<Role[]> => z.object({ data: z.array(roleSchema) }).parse(await apiRequest('/v1/roles')).data });
export const useRoles = () => useQuery(getRolesQueryOptions());

export const getStaffUsersQueryOptions = () =>
  queryOptions({ queryKey: rolesKeys.staffUsers, queryFn: async (): Promise<StaffUser[]> => z.object({ data: z.array(staffUserSchema) }).parse(await apiRequest('/v1/staff-users')).data });
export const useStaffUsers = () => useQuery(getStaffUsersQueryOptions());

type Reply = { message: string };

/** Role and staff-user writes: each refreshes both lists (counts and role names move together). */
export function useRoleMutations() {
  const queryClient = useQueryClient();
  const done = () => Promise.all([queryClient.invalidateQueries({ queryKey: rolesKeys.roles }), queryClient.invalidateQueries({ queryKey: rolesKeys.staffUsers })]);
  const create = useMutation({ mutationFn: (body: RoleInput) => apiRequest<Reply>('/v1/roles', { method: 'POST', body }), onSuccess: done });
  const update = useMutation({ mutationFn: ({ id, body }: { id: number; body: RoleUpdate }) => apiRequest<Reply>(`/v1/roles/${id}`, { method: 'PATCH', body }), onSuccess: done });
  const remove = useMutation({ mutationFn: (id: number) => apiRequest<Reply>(`/v1/roles/${id}`, { method: 'DELETE' }), onSuccess: done });
  const invite = useMutation({ mutationFn: (body: StaffInviteRequest) => apiRequest<Reply>('/v1/staff-users', { method: 'POST', body }), onSuccess: done });
  const updateUser = useMutation({ mutationFn: ({ id, body }: { id: number; body: StaffUserUpdate }) => apiRequest<Reply>(`/v1/staff-users/${id}`, { method: 'PATCH', body }), onSuccess: done });
  return { create, update, remove, invite, updateUser };
}
