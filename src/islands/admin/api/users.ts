/** Users and their roles. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { RoleChange, UserListItem, UserListQuery, UserListResponse } from '../../../lib/admin/users';
import { BASE, adminKeys } from './keys';

export function useUserList(query: UserListQuery) {
  return useQuery<UserListResponse>({
    queryKey: adminKeys.userList(query),
    queryFn: ({ signal }) => apiRequest<UserListResponse>(`${BASE}/users`, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

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
