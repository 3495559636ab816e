/** The role selector of a users row, and the confirmation a change goes through (it ends the user's sessions). */
import { ROLE_OPTIONS, userDisplayName as displayName, type UserListItem } from '../../../../lib/admin/users';
import type { UserRole } from '../../../../lib/enums';
import { useChangeRole } from '../../api/users';
import { toastOutcome } from '../../toast-outcome';
import { ConfirmDialog } from '../../ui/dialog';
import { SelectField } from '../../ui/select';

export interface PendingRoleChange {
  user: UserListItem;
  role: UserRole;
}

const currentRole = (user: UserListItem): UserRole => (user.roles.includes('admin') ? 'admin' : 'user');

export function RoleSelect({ user, onChange }: { user: UserListItem; onChange: (role: UserRole) => void }) {
  const role = currentRole(user);
  return (
    <SelectField
      label={`Roll: ${displayName(user)}`}
      className="min-w-36 [&>label]:sr-only"
      value={role}
      options={ROLE_OPTIONS}
      onChange={(next) => next !== role && onChange(next)}
    />
  );
}

export function RoleChangeDialog({ pending, onClose }: { pending: PendingRoleChange | null; onClose: () => void }) {
  const change = useChangeRole();
  const label = ROLE_OPTIONS.find((o) => o.value === pending?.role)?.label ?? '';
  const confirm = () => {
    if (!pending) return;
    change.mutate({ userId: pending.user.id, role: pending.role }, toastOutcome(`Kasutaja roll muudetud: ${label}`, 'Viga rolli muutmisel', onClose));
  };
  return (
    <ConfirmDialog
      title="Muuda kasutaja rolli"
      message={
        pending
          ? `Kasutaja ${pending.user.email} uus roll on „${label}“. Tema kõik seansid lõpetatakse ja ta peab uuesti sisse logima.`
          : ''
      }
      confirmLabel="Muuda rolli"
      destructive={false}
      isOpen={pending !== null}
      onOpenChange={(open) => !open && !change.isPending && onClose()}
      onConfirm={confirm}
      isPending={change.isPending}
    />
  );
}
