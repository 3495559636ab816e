/**
 * A users row's new-password box and its 'Muuda' button (admin spec sections 2 and 5): checked in the browser with
 * the API's own schema (the spec's two messages), then set by the API, which ends the user's sessions.
 */
import { useId, useState } from 'react';
import { adminPasswordSchema, userDisplayName as displayName, type UserListItem } from '../../../../lib/admin/users';
import { toast, toastError } from '../../../toast';
import { useResetPassword } from '../../api/users';
import { ApiRequestError } from '../../../api/client';
import { Button } from '../../ui/button';
import { TextInputField } from '../../ui/text-field';

export function PasswordReset({ user }: { user: UserListItem }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reset = useResetPassword();
  const formId = useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = adminPasswordSchema.safeParse({ password });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message);
      toastError('Viga salasõna muutmisel', message);
      return;
    }
    setError(undefined);
    reset.mutate(
      { userId: user.id, password },
      {
        onSuccess: () => {
          setPassword('');
          toast({ title: 'Edukas!', description: 'Kasutaja salasõna on edukalt muudetud' });
        },
        onError: (failure) => {
          const fieldMessage = failure instanceof ApiRequestError ? failure.details.find((d) => d.path === 'password')?.message : undefined;
          setError(fieldMessage);
          toastError('Viga salasõna muutmisel', fieldMessage ?? failure.message);
        },
      },
    );
  };

  return (
    <form id={formId} className="flex min-w-64 items-start gap-2" onSubmit={submit} noValidate>
      <TextInputField
        label={`Uus salasõna: ${displayName(user)}`}
        className="flex-1 [&>label]:sr-only"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          if (error) setError(undefined);
        }}
        placeholder="Uus salasõna"
        errorMessage={error}
      />
      <Button type="submit" variant="outline" size="sm" isPending={reset.isPending} className="mt-0.5">
        Muuda<span className="sr-only"> salasõna: {displayName(user)}</span>
      </Button>
    </form>
  );
}
