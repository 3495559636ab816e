import { useState } from 'react';
import { postJson, type ApiResult } from '../forms/post-json';
import { toast } from '../toast';
import { AUTH_TOASTS } from './auth-toasts';

/**
 * Sends the confirmation link again (the API answers the same whether or not it did); each screen says its own
 * words when it fails.
 */
export function useResendConfirmation(email: string, onFailed: (result: Extract<ApiResult<unknown>, { ok: false }>) => void) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const result = await postJson('/api/auth/resend', { email });
    setSending(false);
    if (result.ok) toast(AUTH_TOASTS.confirmationResent);
    else onFailed(result);
  };
  return { sending, resend };
}
