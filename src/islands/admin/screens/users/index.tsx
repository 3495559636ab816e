/**
 * /admin/users (admin spec sections 2 "Users", 5, 8): every account newest first, with name (or 'Nimi määramata'),
 * e-mail, join date and role badges ('kasutaja' when none); per row a role selector and a new-password box. Search
 * and paging are done by the server. A role change asks first, because it ends that user's sessions.
 */
import { useEffect, useState } from 'react';
import { roleLabel, userDisplayName as displayName, userListQuerySchema, type UserListItem } from '../../../../lib/admin/users';
import type { UserRole } from '../../../../lib/enums';
import { formatCountOf, formatDate } from '../../../../lib/format';
import { PASSWORD_HINT } from '../../../forms/field';
import { toast } from '../../../toast';
import { useUserList } from '../../api/users';
import { useListState } from '../../list-state';
import { useLocation } from '../../router';
import { AppLink, ScreenHeading } from '../../shell';
import { Badge } from '../../ui/badge';
import { Counter } from '../../ui/counter';
import type { DataColumn } from '../../ui/data-table';
import { FormTable } from '../../ui/form-table';
import { Pagination } from '../../ui/pagination';
import { SearchBox } from '../../ui/search-box';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { PasswordReset } from './password-reset';
import { RoleChangeDialog, RoleSelect, type PendingRoleChange } from './role-change';

export default function UserList() {
  const location = useLocation();
  const [query, setQuery] = useListState(userListQuerySchema, location);
  const list = useUserList(query);
  const [pending, setPending] = useState<PendingRoleChange | null>(null);

  useEffect(() => {
    if (list.isError) toast({ title: 'Viga kasutajate laadimisel', description: list.error.message, variant: 'destructive' });
  }, [list.isError, list.error]);

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
      <div className="flex flex-wrap items-end justify-between gap-4">
        <ScreenHeading title="Kasutajad" />
        <AppLink href="/dashboard" className="btn-outline">
          ← Tagasi töölauale
        </AppLink>
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={!list.data}>
        <Counter label="Kasutajaid kokku" value={list.data?.counts.total} name="total" />
        <Counter label="Administraatoreid" value={list.data?.counts.admins} name="admins" />
      </dl>

      <div className="mt-6 max-w-xl" role="search" aria-label="Kasutajate otsing">
        <SearchBox
          value={query.q ?? ''}
          onChange={(q) => setQuery({ q }, { replace: true })}
          placeholder="Nimi või e-post"
          hint="Otsib nime ja e-posti aadressi järgi."
        />
      </div>

      <div className="mt-6">
        {list.isPending ? (
          <LoadingState text="Kasutajate laadimine..." />
        ) : list.isError && !list.data ? (
          <ErrorState text="Viga kasutajate laadimisel" detail={list.error.message} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {list.data ? formatCountOf(list.data.total, 'kasutaja', 'kasutajat') : ''}
            </p>
            <p className="mb-3 text-sm text-ink-600">Uus salasõna: {PASSWORD_HINT} Salasõna muutmine ja rolli muutmine lõpetavad kasutaja kõik seansid.</p>
            <FormTable
              label="Kasutajad"
              columns={columns}
              items={list.data?.items ?? []}
              isStale={list.isPlaceholderData}
              empty={<EmptyState text={query.q ? 'Otsingule vastavaid kasutajaid ei leitud' : 'Kasutajaid ei ole veel'} />}
            />
            <Pagination page={query.page} pageSize={query.pageSize} total={list.data?.total ?? 0} onPageChange={(page) => setQuery({ page })} />
          </>
        )}
      </div>

      <RoleChangeDialog pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
