/** The sign-in and sign-up tabs of /auth. */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type Tab = 'signin' | 'signup';

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
export function AuthTabs({ tab, onTab, email, onEmail, onForgot, onSignedUp }: AuthTabsProps) {
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
