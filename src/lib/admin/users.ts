/**
 * The admin users API's contract (admin spec sections 2 "Users", 5 "Admin password reset", 6, 7, 8), shared by the
 * screen and the API: the list's query, a role change, an admin's password reset, and what the API answers.
 */
import * as z from 'zod';
import { USER_ROLES, type UserRole } from '../enums';
import { passwordField } from '../validation/fields';
import { pagingParams, searchParam, type ListPage } from '../list-query';

export const USER_ADMIN_MESSAGES = {
  passwordRequired: 'Sisesta uus salasõna',
  passwordRules: 'Salasõna ei vasta nõuetele',
  /** The spec's name cell for a user without a name. */
  noName: 'Nimi määramata',
} as const;

/** GET /api/admin/users: newest first (the spec's order), searched over name and e-mail on the server. */
export const userListQuerySchema = z.object({ q: searchParam, ...pagingParams });
export type UserListQuery = z.output<typeof userListQuerySchema>;

export interface UserListItem {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: string;
  /** The user's role rows; none means the default role, shown as 'kasutaja'. */
  roles: UserRole[];
  emailConfirmed: boolean;
}

export interface UserListResponse extends ListPage<UserListItem> {
  counts: { total: number; admins: number };
}

/** PUT /api/admin/users/:id/role */
export const roleChangeSchema = z.object({ role: z.enum(USER_ROLES) });
export type RoleChange = z.output<typeof roleChangeSchema>;

/** PUT /api/admin/users/:id/password: the sign-up password rules, with the spec's two messages. */
export const adminPasswordSchema = z.object({
  password: z
    .string({ error: USER_ADMIN_MESSAGES.passwordRequired })
    .min(1, { error: USER_ADMIN_MESSAGES.passwordRequired, abort: true })
    // The rule itself is sign-up's (one home); the admin screen words its failure as the spec does.
    .refine((v) => passwordField.safeParse(v).success, USER_ADMIN_MESSAGES.passwordRules),
});
export type AdminPassword = z.output<typeof adminPasswordSchema>;

/** The role as the screen's badge shows it. */
export const roleLabel = (role: UserRole): string => (role === 'admin' ? 'admin' : 'kasutaja');
/** The role as the role selector offers it. */
export const ROLE_OPTIONS: { value: UserRole; label: string }[] = [
  { value: 'user', label: 'Kasutaja' },
  { value: 'admin', label: 'Admin' },
];

/** The name cell: first and last name, or the spec's 'Nimi määramata'. */
export const userDisplayName = (u: Pick<UserListItem, 'firstName' | 'lastName'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || USER_ADMIN_MESSAGES.noName;
