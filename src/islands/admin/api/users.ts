/** Users and their roles. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import type { UserListQuery } from '../../../lib/admin/users';
import { adminApi, answer } from '../../api/typed';
import { adminKeys } from './keys';

// Every request and answer type comes from worker/routes/admin/users.ts through hc.
// hc puts path parameters in as they are: an id read from the address bar is encoded first.
const users = adminApi.users;
const user = users[':id'];

export function useUserList(query: UserListQuery) {
  return useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: ({ signal }) =>
      answer(users.$get({ query: { q: query.q, page: String(query.page), pageSize: String(query.pageSize) } }, { init: { signal } })),
    placeholderData: keepPreviousData,
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & InferRequestType<typeof user.role.$put>['json']) =>
      answer(user.role.$put({ param: { id: encodeURIComponent(userId) }, json: { role } })).then((r) => r.user),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: string; password: string }) =>
      answer(user.password.$put({ param: { id: encodeURIComponent(userId) }, json: { password } })),
  });
}
