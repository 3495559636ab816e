/**
 * /admin/users (admin spec sections 2 "Users", 5, 8): every account newest first, with name (or 'Nimi määramata'),
 * e-mail, join date and role badges ('kasutaja' when none); per row a role selector and a new-password box. Search
 * and paging are done by the server. A role change asks first, because it ends that user's sessions.
 */
import { useState } from 'react';
import { roleLabel, userDisplayName as displayName, userListQuerySchema, type UserListItem } from '../../../../lib/admin/users';
import type { UserRole } from '../../../../lib/enums';
import { formatDate } from '../../../../lib/format';
import { PASSWORD_HINT } from '../../../forms/field';
import { useUserList } from '../../api/users';
import { useServerList } from '../../list-state';
import { BACK_TO_DASHBOARD, ScreenHeader } from '../../shell';
import { Badge } from '../../ui/badge';
import { Counter } from '../../ui/counter';
import type { DataColumn } from '../../ui/data-table';
import { FormTable } from '../../ui/form-table';
import { ListResults } from '../../ui/list-results';
import { PasswordReset } from './password-reset';
import { RoleChangeDialog, RoleSelect, type PendingRoleChange } from './role-change';
import { ListSearch } from '../../ui/list-search';

export default function UserList() {
  const listing = useServerList(userListQuerySchema, useUserList);
  const { query, list } = listing;
  const [pending, setPending] = useState<PendingRoleChange | null>(null);

  const columns: DataColumn<UserListItem>[] = [
    { id: 'name', header: 'Nimi', isRowHeader: true, cell: (u) => displayName(u), className: 'font-semibold whitespace-nowrap' },
    { id: 'email', header: 'E-post', cell: (u) => u.email },
    { id: 'joined', header: 'Liitus', cell: (u) => formatDate(u.createdAt), className: 'whitespace-nowrap' },
    {
      id: 'roles',
      header: 'Rollid',
      cell: (u) => (
        <span className="flex flex-wrap gap-1">
          {(u.roles.length > 0 ? u.roles : (['user'] as UserRole[])).map((role) => (
            <Badge key={role} tone={role === 'admin' ? 'blue' : 'grey'}>
              {roleLabel(role)}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      id: 'role',
      header: 'Muuda rolli',
      cell: (u) => <RoleSelect user={u} onChange={(role) => setPending({ user: u, role })} />,
    },
    { id: 'password', header: 'Uus salasõna', cell: (u) => <PasswordReset user={u} /> },
  ];

  return (
    <>
      <ScreenHeader title="Kasutajad" back={BACK_TO_DASHBOARD} />

      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={!list.data}>
        <Counter label="Kasutajaid kokku" value={list.data?.counts.total} name="total" />
        <Counter label="Administraatoreid" value={list.data?.counts.admins} name="admins" />
      </dl>

      <ListSearch
        listing={listing}
        label="Kasutajate otsing"
        className="mt-6 max-w-xl"
        placeholder="Nimi või e-post"
        hint="Otsib nime ja e-posti aadressi järgi."
      />

      <div className="mt-6">
        <ListResults listing={listing} loading="Kasutajate laadimine..." failed="Viga kasutajate laadimisel" counted={['kasutaja', 'kasutajat']}>
          {(items, isStale) => (
            <>
              <p className="mb-3 text-sm text-ink-600">Uus salasõna: {PASSWORD_HINT} Salasõna muutmine ja rolli muutmine lõpetavad kasutaja kõik seansid.</p>
              <FormTable
                label="Kasutajad"
                columns={columns}
                items={items}
                isStale={isStale}
                empty={query.q ? 'Otsingule vastavaid kasutajaid ei leitud' : 'Kasutajaid ei ole veel'}
              />
            </>
          )}
        </ListResults>
      </div>

      <RoleChangeDialog pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
