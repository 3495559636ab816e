/** Users and their roles. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { RoleChange, UserListItem, UserListQuery, UserListResponse } from '../../../lib/admin/users';
import { BASE, adminKeys } from './keys';
import { listQueryHook } from './list-query';

export const useUserList = listQueryHook<UserListQuery, UserListResponse>(`${BASE}/users`, adminKeys.userList);

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & RoleChange) =>
      apiRequest<{ user: UserListItem }>(`${BASE}/users/${encodeURIComponent(userId)}/role`, { method: 'PUT', body: { role } }).then((r) => r.user),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: string; password: string }) =>
      apiRequest<void>(`${BASE}/users/${encodeURIComponent(userId)}/password`, { method: 'PUT', body: { password } }),
  });
}
