/**
 * /auth (visitor spec sections 2, 4, 5 and 8; issue 5): "Logi sisse" and "Registreeru" tabs, the forgot-password
 * panel, the "check your e-mail" step after sign-up, the e-mail confirmation landing (`/auth#confirm=<token>`) and
 * the set-new-password panel (`/auth#reset=<token>`). Link tokens are read from the fragment (never sent to a server
 * by the browser, never in a Referer), kept in memory and dropped from the address bar at once.
 *
 * A signed-in visitor is sent to /. After signing in: the `next` the admin guard passed (same-origin paths only),
 * else /.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useForm, type FieldErrors, type FieldPath, type FieldValues, type UseFormSetError } from 'react-hook-form';
import type { ApiResult } from '../form-kit';
import { Field, postJson, useHydrated } from '../form-kit';
import { focusFirstError, hasErrorAt } from '../form-errors';
import { Toaster, toast } from '../toast';
import { AuthProvider, useAuth } from './auth-context';
import { lazyAuthResolver, preloadAuthValidation } from './lazy-auth-resolver';
import { safeNext, type Session } from '../../lib/auth/session-client';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../lib/validation/limits';

/** Toast texts, word for word from the spec's error catalogue (section 8) where it has them. */
export const AUTH_TOASTS = {
  invalidInput: 'Sisestus ebakorrektne',
  accountExists: { title: 'Konto juba eksisteerib', description: 'Palun logige sisse.' },
  signUpFailed: 'Registreerimine ebaõnnestus',
  signedUp: { title: 'Konto edukalt loodud!', description: 'Kontrollige oma e-posti ja avage kinnituslink, et konto kinnitada.' },
  signInFailed: 'Sisselogimine ebaõnnestus',
  invalidCredentials: 'Vale e-posti aadress või salasõna',
  signedIn: { title: 'Tere tulemast tagasi!' },
  resetSent: { title: 'Salasõna lähtestamise link saadetud!', description: 'Kontrollige oma e-posti.' },
  resetFailed: 'Salasõna lähtestamine ebaõnnestus',
  passwordChanged: { title: 'Salasõna muudetud!', description: 'Olete sisse logitud.' },
  tooManyAttempts: { title: 'Liiga palju katseid', description: 'Palun oodake 15 minutit enne uut katset' },
  confirmationResent: { title: 'Kinnituslink saadetud!', description: 'Kontrollige oma e-posti.' },
  tryAgain: 'Palun proovige hiljem uuesti.',
} as const;

/** The toast after signing in stays up this long before the page changes. */
const SIGNED_IN_REDIRECT_MS = 800;

type Tab = 'signin' | 'signup';
type View =
  | { name: 'tabs'; tab: Tab }
  | { name: 'forgot' }
  | { name: 'check-email'; email: string }
  | { name: 'confirm'; token: string }
  | { name: 'reset'; token: string };

const HEADINGS: Record<View['name'], string> = {
  tabs: 'Tere tulemast',
  forgot: 'Salasõna lähtestamine',
  'check-email': 'Kontrollige oma e-posti',
  confirm: 'E-posti aadressi kinnitamine',
  reset: 'Uue salasõna määramine',
};

/** The rate limit's toast: the API's description when it sent one, else the spec's. */
function tooManyAttemptsToast(result: { details: { message: string }[] }) {
  toast({ variant: 'destructive', title: AUTH_TOASTS.tooManyAttempts.title, description: result.details[0]?.message ?? AUTH_TOASTS.tooManyAttempts.description });
}

/** Puts the API's 422 details under their fields; returns the first one's message. */
function applyServerIssues<V extends FieldValues>(result: Extract<ApiResult<unknown>, { ok: false }>, fields: readonly string[], setError: UseFormSetError<V>) {
  const issues = result.details.filter((d) => fields.includes(d.path));
  for (const issue of issues) setError(issue.path as FieldPath<V>, { type: 'server', message: issue.message });
  return issues;
}

/** The first error in the form's field order (which is also document order). */
function firstError(errors: FieldErrors, order: readonly string[]): string | undefined {
  for (const name of order) {
    const message = (errors[name] as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}

export default function AuthPage() {
  return (
    <AuthProvider>
      <AuthScreens />
      <Toaster />
    </AuthProvider>
  );
}

function AuthScreens() {
  const { user, loading } = useAuth();
  const [view, setView] = useState<View>({ name: 'tabs', tab: 'signin' });
  const [email, setEmail] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const arrivedWithToken = useRef(false);
  const firstView = useRef(true);
  const redirectChecked = useRef(false);

  // Link tokens from the fragment: into memory, out of the address bar (and the history entry). Also when a link is
  // opened in a tab that already shows /auth: that is only a fragment change, not a new page.
  useEffect(() => {
    const readFragment = (first: boolean) => {
      const params = new URLSearchParams(location.hash.slice(1));
      const confirm = params.get('confirm');
      const reset = params.get('reset');
      if (confirm || reset) {
        arrivedWithToken.current = true;
        history.replaceState(history.state, '', location.pathname + location.search);
        setView(confirm ? { name: 'confirm', token: confirm } : { name: 'reset', token: reset! });
      } else if (first && new URLSearchParams(location.search).get('tab') === 'signup') {
        setView({ name: 'tabs', tab: 'signup' });
      }
    };
    readFragment(true);
    const onHashChange = () => readFragment(false);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  // A signed-in visitor has nothing to do here (spec section 2), unless they came to confirm or reset.
  useEffect(() => {
    if (loading || redirectChecked.current) return;
    redirectChecked.current = true;
    if (user && !arrivedWithToken.current) location.replace('/');
  }, [loading, user]);

  // A new panel: move focus to its heading so screen readers hear where they are (not on the first render).
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    if (view.name !== 'tabs') headingRef.current?.focus();
  }, [view.name]);

  const showTab = (tab: Tab) => setView({ name: 'tabs', tab });

  let body: ReactNode;
  switch (view.name) {
    case 'tabs':
      body = (
        <AuthTabs
          tab={view.tab}
          onTab={showTab}
          email={email}
          onEmail={setEmail}
          onForgot={() => setView({ name: 'forgot' })}
          onSignedUp={(address) => {
            setEmail(address);
            setView({ name: 'check-email', email: address });
          }}
        />
      );
      break;
    case 'forgot':
      body = <ForgotPanel defaultEmail={email} onBack={() => showTab('signin')} />;
      break;
    case 'check-email':
      body = <CheckEmailPanel email={view.email} onBack={() => showTab('signin')} />;
      break;
    case 'confirm':
      body = <ConfirmPanel token={view.token} onSignIn={() => showTab('signin')} />;
      break;
    case 'reset':
      body = <ResetPanel token={view.token} onForgot={() => setView({ name: 'forgot' })} />;
      break;
  }

  return (
    <div data-auth-view={view.name}>
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl text-lagoon-900 focus:outline-none sm:text-4xl">
        {HEADINGS[view.name]}
      </h1>
      {view.name === 'tabs' && <p className="mt-2 text-ink-600">Logige sisse või looge uus konto.</p>}
      <div className="mt-6">{body}</div>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------------------------- */

const TABS: { id: Tab; label: string }[] = [
  { id: 'signin', label: 'Logi sisse' },
  { id: 'signup', label: 'Registreeru' },
];

interface AuthTabsProps {
  tab: Tab;
  onTab: (tab: Tab) => void;
  email: string;
  onEmail: (email: string) => void;
  onForgot: () => void;
  onSignedUp: (email: string) => void;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs (automatic activation); Tab goes into the panel. */
function AuthTabs({ tab, onTab, email, onEmail, onForgot, onSignedUp }: AuthTabsProps) {
  const uid = useId();
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const [signInPrefill, setSignInPrefill] = useState<{ email: string; n: number } | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === 'ArrowRight' ? (index + 1) % TABS.length
      : event.key === 'ArrowLeft' ? (index - 1 + TABS.length) % TABS.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? TABS.length - 1
      : -1;
    if (next < 0) return;
    event.preventDefault();
    const id = TABS[next]!.id;
    onTab(id);
    tabRefs.current[id]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label="Konto" className="grid grid-cols-2 gap-1 rounded-full bg-sand-100 p-1">
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${uid}tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${uid}panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => onTab(t.id)}
            onKeyDown={onKeyDown}
            className="auth-tab"
          >
            {t.label}
          </button>
        ))}
      </div>
      {/* Both panels stay mounted, so switching tabs keeps what was typed. */}
      <div role="tabpanel" id={`${uid}panel-signin`} aria-labelledby={`${uid}tab-signin`} hidden={tab !== 'signin'} className="mt-6">
        <SignInForm prefill={signInPrefill} defaultEmail={email} onEmail={onEmail} onForgot={onForgot} />
      </div>
      <div role="tabpanel" id={`${uid}panel-signup`} aria-labelledby={`${uid}tab-signup`} hidden={tab !== 'signup'} className="mt-6">
        <SignUpForm
          onSignedUp={onSignedUp}
          onExists={(address) => {
            onEmail(address);
            setSignInPrefill((p) => ({ email: address, n: (p?.n ?? 0) + 1 }));
            onTab('signin');
          }}
        />
      </div>
    </>
  );
}

/* ------------------------------------------------------------------------------------------------------------- */

interface SignInValues {
  email: string;
  password: string;
}
const signInResolver = lazyAuthResolver<SignInValues>((v) => v.signInResolver);

function SignInForm({ prefill, defaultEmail, onEmail, onForgot }: { prefill: { email: string; n: number } | null; defaultEmail: string; onEmail: (email: string) => void; onForgot: () => void }) {
  const uid = useId();
  const hydrated = useHydrated();
  const { setSession } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ defaultValues: { email: defaultEmail, password: '' }, resolver: signInResolver, shouldFocusError: false });

  // "Konto juba eksisteerib" on the sign-up tab brings the address over here.
  useEffect(() => {
    if (!prefill) return;
    setValue('email', prefill.email);
    setFocus('password');
  }, [prefill, setValue, setFocus]);

  const onInvalid = (formErrors: FieldErrors<SignInValues>) => {
    toast({ variant: 'destructive', title: AUTH_TOASTS.invalidInput, description: firstError(formErrors, ['email', 'password']) });
    focusFirstError(formRef.current, (name) => hasErrorAt(formErrors, name));
  };

  const onValid = async (values: SignInValues) => {
    setUnconfirmedEmail(null);
    const result = await postJson<Session>('/api/auth/signin', values);
    if (result.ok) {
      setDone(true);
      setSession(result.data);
      toast(AUTH_TOASTS.signedIn);
      const target = safeNext(location.search);
      await new Promise((resolve) => setTimeout(resolve, SIGNED_IN_REDIRECT_MS));
      location.assign(target);
      return;
    }
    if (result.code === 'too_many_attempts') return tooManyAttemptsToast(result);
    if (result.code === 'email_not_confirmed') setUnconfirmedEmail(values.email);
    toast({
      variant: 'destructive',
      title: AUTH_TOASTS.signInFailed,
      description: result.code === 'invalid_credentials' ? AUTH_TOASTS.invalidCredentials : (result.message ?? AUTH_TOASTS.tryAgain),
    });
  };

  return (
    <form ref={formRef} noValidate onFocus={() => void preloadAuthValidation()} onSubmit={handleSubmit(onValid, onInvalid)} aria-label="Sisselogimine">
      <fieldset disabled={!hydrated || done} className="space-y-5">
        <Field id={`${uid}email`} label="E-post" error={errors.email?.message}>
          {(a11y) => (
            <input {...a11y} {...register('email', { onChange: (e: { target: HTMLInputElement }) => onEmail(e.target.value) })} type="email" autoComplete="username" inputMode="email" maxLength={EMAIL_MAX} className="field-input" />
          )}
        </Field>
        <Field id={`${uid}password`} label="Salasõna" error={errors.password?.message}>
          {(a11y) => <input {...a11y} {...register('password')} type="password" autoComplete="current-password" maxLength={1024} className="field-input" />}
        </Field>
        <button type="submit" className="btn-secondary w-full disabled:cursor-wait disabled:opacity-70" disabled={isSubmitting}>
          {isSubmitting || done ? 'Login sisse...' : 'Logi sisse'}
        </button>
        <p className="text-center text-sm">
          <button type="button" className="link-button" onClick={() => { onEmail(getValues('email')); onForgot(); }}>
            Unustasid salasõna?
          </button>
        </p>
      </fieldset>
      {unconfirmedEmail && <ResendConfirmation email={unconfirmedEmail} />}
    </form>
  );
}

/** For "e-mail not confirmed": send the confirmation link again (the API answers the same whether or not it did). */
function ResendConfirmation({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const result = await postJson('/api/auth/resend', { email });
    setSending(false);
    if (result.ok) toast(AUTH_TOASTS.confirmationResent);
    else if (result.code === 'too_many_attempts' || result.code === 'rate_limited') tooManyAttemptsToast(result);
    else toast({ variant: 'destructive', title: AUTH_TOASTS.signInFailed, description: result.message ?? AUTH_TOASTS.tryAgain });
  };
  return (
    <div className="mt-5 rounded-2xl bg-sand-100 p-4 text-sm">
      <p>E-posti aadress on kinnitamata. Kas kinnituslink jäi saamata?</p>
      <button type="button" className="btn-outline mt-3" onClick={() => void resend()} disabled={sending}>
        {sending ? 'Saadan...' : 'Saada kinnituslink uuesti'}
      </button>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------------------------- */

interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}
const SIGN_UP_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
const signUpResolver = lazyAuthResolver<SignUpValues>((v) => v.signUpResolver);

function SignUpForm({ onSignedUp, onExists }: { onSignedUp: (email: string) => void; onExists: (email: string) => void }) {
  const uid = useId();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
    resolver: signUpResolver,
    shouldFocusError: false,
  });

  // "Sisestus ebakorrektne" with the first error (spec section 5); every error also stands under its field.
  const onInvalid = (formErrors: FieldErrors<SignUpValues>) => {
    toast({ variant: 'destructive', title: AUTH_TOASTS.invalidInput, description: firstError(formErrors, SIGN_UP_FIELDS) });
    focusFirstError(formRef.current, (name) => hasErrorAt(formErrors, name));
  };

  const onValid = async (values: SignUpValues) => {
    const result = await postJson<{ status: string }>('/api/auth/signup', values);
    if (result.ok) {
      toast(AUTH_TOASTS.signedUp);
      onSignedUp(values.email);
      return;
    }
    if (result.code === 'account_exists') {
      toast({ variant: 'destructive', ...AUTH_TOASTS.accountExists });
      onExists(values.email);
      return;
    }
    if (result.code === 'too_many_attempts') return tooManyAttemptsToast(result);
    if (result.code === 'validation_failed') {
      const issues = applyServerIssues(result, SIGN_UP_FIELDS, setError);
      if (issues.length > 0) {
        toast({ variant: 'destructive', title: AUTH_TOASTS.invalidInput, description: issues[0]!.message });
        focusFirstError(formRef.current, (name) => issues.some((d) => d.path === name));
        return;
      }
    }
    toast({ variant: 'destructive', title: AUTH_TOASTS.signUpFailed, description: result.message ?? AUTH_TOASTS.tryAgain });
  };

  return (
    <form ref={formRef} noValidate onFocus={() => void preloadAuthValidation()} onSubmit={handleSubmit(onValid, onInvalid)} aria-label="Registreerumine">
      <fieldset disabled={!hydrated} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={`${uid}firstName`} label="Eesnimi" required error={errors.firstName?.message}>
            {(a11y) => <input {...a11y} {...register('firstName')} type="text" autoComplete="given-name" maxLength={NAME_MAX} className="field-input" />}
          </Field>
          <Field id={`${uid}lastName`} label="Perekonnanimi" required error={errors.lastName?.message}>
            {(a11y) => <input {...a11y} {...register('lastName')} type="text" autoComplete="family-name" maxLength={NAME_MAX} className="field-input" />}
          </Field>
        </div>
        <Field id={`${uid}email`} label="E-post" required error={errors.email?.message}>
          {(a11y) => <input {...a11y} {...register('email')} type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} className="field-input" />}
        </Field>
        <Field id={`${uid}password`} label="Salasõna" required hint="Vähemalt 8 märki, sealhulgas suur- ja väiketäht ning number." error={errors.password?.message}>
          {(a11y) => <input {...a11y} {...register('password')} type="password" autoComplete="new-password" minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} className="field-input" />}
        </Field>
        <button type="submit" className="btn-primary w-full disabled:cursor-wait disabled:opacity-70" disabled={isSubmitting}>
          {isSubmitting ? 'Registreerin...' : 'Registreeru'}
        </button>
      </fieldset>
    </form>
  );
}

/* ------------------------------------------------------------------------------------------------------------- */

interface EmailValues {
  email: string;
}
const emailResolver = lazyAuthResolver<EmailValues>((v) => v.emailResolver);

function ForgotPanel({ defaultEmail, onBack }: { defaultEmail: string; onBack: () => void }) {
  const uid = useId();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailValues>({ defaultValues: { email: defaultEmail }, resolver: emailResolver, shouldFocusError: false });

  const onValid = async ({ email }: EmailValues) => {
    const result = await postJson<{ status: string }>('/api/auth/recover', { email });
    if (result.ok) {
      setSentTo(email);
      toast(AUTH_TOASTS.resetSent);
      return;
    }
    if (result.code === 'too_many_attempts' || result.code === 'rate_limited') {
      toast({ variant: 'destructive', title: AUTH_TOASTS.resetFailed, description: result.message ?? AUTH_TOASTS.tooManyAttempts.description });
      return;
    }
    toast({ variant: 'destructive', title: AUTH_TOASTS.resetFailed, description: result.message ?? AUTH_TOASTS.tryAgain });
  };

  return (
    <div className="space-y-5">
      <p className="text-ink-600">Sisestage oma konto e-posti aadress ja saadame sellele lingi uue salasõna määramiseks.</p>
      <form
        ref={formRef}
        noValidate
        onFocus={() => void preloadAuthValidation()}
        onSubmit={handleSubmit(onValid, (formErrors) => focusFirstError(formRef.current, (name) => hasErrorAt(formErrors, name)))}
        aria-label="Salasõna lähtestamine"
      >
        <fieldset disabled={!hydrated} className="space-y-5">
          <Field id={`${uid}email`} label="E-post" required error={errors.email?.message}>
            {(a11y) => <input {...a11y} {...register('email')} type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} className="field-input" />}
          </Field>
          <button type="submit" className="btn-secondary w-full disabled:cursor-wait disabled:opacity-70" disabled={isSubmitting}>
            {isSubmitting ? 'Saadan...' : 'Saada lähtestamise link'}
          </button>
        </fieldset>
      </form>
      {sentTo && (
        <p role="status" className="rounded-2xl bg-lagoon-50 p-4 text-sm">
          Kui aadressiga <strong>{sentTo}</strong> on konto, saatsime sellele lingi. Link kehtib ühe tunni.
        </p>
      )}
      <p className="text-center text-sm">
        <button type="button" className="link-button" onClick={onBack}>
          Tagasi sisselogimise juurde
        </button>
      </p>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------------------------- */

function CheckEmailPanel({ email, onBack }: { email: string; onBack: () => void }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const result = await postJson('/api/auth/resend', { email });
    setSending(false);
    if (result.ok) toast(AUTH_TOASTS.confirmationResent);
    else toast({ variant: 'destructive', title: 'Saatmine ebaõnnestus', description: result.message ?? AUTH_TOASTS.tryAgain });
  };
  return (
    <div className="space-y-5" data-check-email>
      <p>
        Konto on loodud. Saatsime kinnituslingi aadressile <strong>{email}</strong>. Avage e-kirjas olev link, et konto kinnitada
        ja sisse logida. Link kehtib 24 tundi.
      </p>
      <p className="text-sm text-ink-600">Kirja ei tulnud? Vaadake ka rämpsposti kausta või saatke link uuesti.</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-outline" onClick={() => void resend()} disabled={sending}>
          {sending ? 'Saadan...' : 'Saada link uuesti'}
        </button>
        <button type="button" className="btn-secondary" onClick={onBack}>
          Tagasi sisselogimise juurde
        </button>
      </div>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------------------------- */

/** The confirmation link's landing: confirms once, which also signs the user in. */
function ConfirmPanel({ token, onSignIn }: { token: string; onSignIn: () => void }) {
  const { setSession } = useAuth();
  const [state, setState] = useState<{ status: 'pending' } | { status: 'done' } | { status: 'failed'; message: string }>({ status: 'pending' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void postJson<Session>('/api/auth/confirm', { token }).then((result) => {
      if (result.ok) {
        setSession(result.data);
        setState({ status: 'done' });
      } else {
        setState({ status: 'failed', message: result.message ?? 'Link on vigane või juba kasutatud.' });
      }
    });
  }, [token, setSession]);

  if (state.status === 'pending') {
    return (
      <p role="status" className="flex items-center gap-3 text-ink-600">
        <span className="spinner" aria-hidden="true" /> Kinnitan e-posti aadressi...
      </p>
    );
  }
  if (state.status === 'done') {
    return (
      <div role="status" className="space-y-5" data-confirmed>
        <p className="rounded-2xl bg-lagoon-50 p-4">E-posti aadress on kinnitatud. Olete sisse logitud.</p>
        <a href="/" className="btn-primary">
          Mine avalehele
        </a>
      </div>
    );
  }
  return (
    <div className="space-y-5" data-confirm-failed>
      <p role="alert" className="rounded-2xl bg-clay-600/10 p-4 text-clay-700">
        {state.message}
      </p>
      <p className="text-ink-600">Kui konto on juba kinnitatud, logige lihtsalt sisse. Uue kinnituslingi saate sisselogimisvormist.</p>
      <button type="button" className="btn-secondary" onClick={onSignIn}>
        Logi sisse
      </button>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------------------------- */

interface NewPasswordValues {
  password: string;
}
const newPasswordResolver = lazyAuthResolver<NewPasswordValues>((v) => v.newPasswordResolver);

/** The reset link's landing: a new password; the API signs the user in and ends their other sessions. */
function ResetPanel({ token, onForgot }: { token: string; onForgot: () => void }) {
  const uid = useId();
  const hydrated = useHydrated();
  const { setSession } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [done, setDone] = useState(false);
  const [linkBroken, setLinkBroken] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({ defaultValues: { password: '' }, resolver: newPasswordResolver, shouldFocusError: false });

  const onValid = async ({ password }: NewPasswordValues) => {
    const result = await postJson<Session>('/api/auth/reset', { token, password });
    if (result.ok) {
      setDone(true);
      setSession(result.data);
      toast(AUTH_TOASTS.passwordChanged);
      await new Promise((resolve) => setTimeout(resolve, SIGNED_IN_REDIRECT_MS));
      location.assign('/');
      return;
    }
    if (result.code === 'invalid_token' || result.code === 'token_expired') setLinkBroken(true);
    const passwordIssue = result.details.find((d) => d.path === 'password');
    if (passwordIssue) {
      setError('password', { type: 'server', message: passwordIssue.message });
      formRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
    }
    toast({ variant: 'destructive', title: AUTH_TOASTS.resetFailed, description: passwordIssue?.message ?? result.message ?? AUTH_TOASTS.tryAgain });
  };

  return (
    <div className="space-y-5">
      <p className="text-ink-600">Valige uus salasõna. Pärast salasõna muutmist logitakse teised seadmed välja.</p>
      <form
        ref={formRef}
        noValidate
        onFocus={() => void preloadAuthValidation()}
        onSubmit={handleSubmit(onValid, (formErrors) => focusFirstError(formRef.current, (name) => hasErrorAt(formErrors, name)))}
        aria-label="Salasõna muutmine"
      >
        <fieldset disabled={!hydrated || done} className="space-y-5">
          <Field id={`${uid}password`} label="Uus salasõna" required hint="Vähemalt 8 märki, sealhulgas suur- ja väiketäht ning number." error={errors.password?.message}>
            {(a11y) => <input {...a11y} {...register('password')} type="password" autoComplete="new-password" minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} className="field-input" />}
          </Field>
          <button type="submit" className="btn-secondary w-full disabled:cursor-wait disabled:opacity-70" disabled={isSubmitting}>
            {isSubmitting || done ? 'Salvestan...' : 'Salvesta uus salasõna'}
          </button>
        </fieldset>
      </form>
      {linkBroken && (
        <p className="text-sm">
          Link ei kehti enam.{' '}
          <button type="button" className="link-button" onClick={onForgot}>
            Küsige uus lähtestamise link
          </button>
        </p>
      )}
    </div>
  );
}
