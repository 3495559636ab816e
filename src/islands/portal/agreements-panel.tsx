/**
 * "Allkirjad" in the portal (issue 42): each traveller of the booking and whether they have signed the terms and the
 * waiver in force. A companion who has not can sign here, on the booker's device ("Allkirjasta ise": both texts to
 * read, their own full name typed; for a minor the parent or guardian signs with their name), or get a personal link
 * by e-mail. The API checks the name and the hash of the text shown; its Estonian message is shown as it is.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { AGREEMENT_KINDS, AGREEMENT_LABELS, AGREEMENT_MESSAGES, type TravellerAgreements } from '../../lib/agreement-labels';
import { agreementBlocks } from '../../lib/agreement-blocks';
import { formatDateTime } from '../../lib/format';
import { ApiRequestError } from '../api/client';
import { toast, toastError } from '../toast';
import { portalApi, portalKeys } from './portal-api';

export function AgreementsPanel({ bookingId }: { bookingId: number }) {
  const query = useQuery({ queryKey: portalKeys.agreements(bookingId), queryFn: () => portalApi.agreements(bookingId) });
  return (
    <section aria-labelledby="agreements-title" className="card space-y-4 p-5 sm:p-6" data-agreements-panel>
      <h3 id="agreements-title" className="text-xl text-lagoon-900">
        Allkirjad
      </h3>
      <p className="text-ink-600">Iga reisija allkirjastab enne retriiti tingimused ja osaleja deklaratsiooni; alaealise eest lapsevanem või eestkostja.</p>
      {query.isPending && <p role="status">Laadin...</p>}
      {query.isError && <p role="alert">Allkirjade laadimine ebaõnnestus. {query.error.message}</p>}
      {query.isSuccess && (
        <ul className="divide-y divide-sand-200">
          {query.data.travellers.map((t) => (
            <Traveller key={t.guestId} bookingId={bookingId} traveller={t} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Traveller({ bookingId, traveller }: { bookingId: number; traveller: TravellerAgreements }) {
  const [open, setOpen] = useState<'sign' | 'link' | null>(null);
  const pending = AGREEMENT_KINDS.filter((kind) => !traveller[kind]);
  return (
    <li className="space-y-2 py-3" data-traveller={traveller.name}>
      <p className="font-semibold">
        {traveller.name}
        {traveller.minor && <span className="ml-2 text-sm font-normal text-ink-600">(alaealine)</span>}
      </p>
      <ul className="text-sm">
        {AGREEMENT_KINDS.map((kind) => {
          const e = traveller[kind];
          return (
            <li key={kind} data-agreement={kind}>
              {AGREEMENT_LABELS[kind]}: {e ? `allkirjastatud ${formatDateTime(e.signedAt)} (versioon ${e.version})` : AGREEMENT_MESSAGES.pending}
            </li>
          );
        })}
      </ul>
      {pending.length > 0 && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-outline" aria-expanded={open === 'sign'} onClick={() => setOpen(open === 'sign' ? null : 'sign')}>
            Allkirjasta ise<span className="sr-only">: {traveller.name}</span>
          </button>
          {!traveller.minor && (
            <button type="button" className="btn-outline" aria-expanded={open === 'link'} onClick={() => setOpen(open === 'link' ? null : 'link')}>
              Saada link e-postile<span className="sr-only">: {traveller.name}</span>
            </button>
          )}
        </div>
      )}
      {open === 'sign' && <SignHere bookingId={bookingId} traveller={traveller} onDone={() => setOpen(null)} />}
      {open === 'link' && <SendLink bookingId={bookingId} traveller={traveller} onDone={() => setOpen(null)} />}
    </li>
  );
}

const messageOf = (error: unknown, path: string) => (error instanceof ApiRequestError ? (error.details.find((d) => d.path === path)?.message ?? null) : null);

function SignHere({ bookingId, traveller, onDone }: { bookingId: number; traveller: TravellerAgreements; onDone: () => void }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const texts = useQuery({ queryKey: portalKeys.agreementTexts, queryFn: portalApi.agreementTexts, staleTime: 60_000 });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!texts.data) return;
    setBusy(true);
    setError(null);
    try {
      for (const kind of AGREEMENT_KINDS.filter((k) => !traveller[k])) {
        await portalApi.sign(bookingId, { guestId: traveller.guestId, name, kind, textSha256: texts.data[kind].sha256 });
      }
      toast({ title: 'Allkirjastatud', description: `${traveller.name}: tingimused ja osaleja deklaratsioon on allkirjastatud.` });
      await queryClient.invalidateQueries({ queryKey: portalKeys.agreements(bookingId) });
      onDone();
    } catch (failure) {
      const nameIssue = messageOf(failure, 'name');
      if (nameIssue) setError(nameIssue);
      else toastError('Allkirjastamine ebaõnnestus', failure);
      // A text changed meanwhile: show the one in force now.
      if (failure instanceof ApiRequestError && failure.code === 'agreement_text_changed') void texts.refetch();
    } finally {
      setBusy(false);
    }
  };
  if (texts.isPending) return <p role="status">Laadin tekste...</p>;
  if (texts.isError) return <p role="alert">Tekstide laadimine ebaõnnestus. {texts.error.message}</p>;
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label={`Allkirjasta: ${traveller.name}`} noValidate>
      {AGREEMENT_KINDS.filter((k) => !traveller[k]).map((kind) => (
        <div key={kind} role="region" aria-label={`${AGREEMENT_LABELS[kind]} (versioon ${texts.data[kind].version})`} tabIndex={0} className="prose-text max-h-64 overflow-y-auto rounded-xl border border-sand-200 p-3 text-sm" data-text={kind}>
          <p className="font-semibold">
            {AGREEMENT_LABELS[kind]} (versioon {texts.data[kind].version})
          </p>
          {agreementBlocks(texts.data[kind].text).map((block, i) =>
            block.kind === 'list' ? (
              <ul key={i}>
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : block.kind === 'heading' ? (
              <p key={i} className="font-semibold">
                {block.text}
              </p>
            ) : (
              <p key={i}>{block.text}</p>
            ),
          )}
        </div>
      ))}
      <div>
        <label htmlFor={`${uid}name`} className="font-semibold">
          {traveller.minor ? 'Lapsevanema või eestkostja täisnimi (allkirjaks)' : `${traveller.name}: täisnimi (allkirjaks)`}
        </label>
        <input
          id={`${uid}name`}
          className="field-input mt-1"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
          required
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}name-error` : undefined}
        />
        {error && (
          <p id={`${uid}name-error`} className="mt-1 text-sm text-clay-700">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Allkirjastan...' : 'Allkirjastan'}
      </button>
    </form>
  );
}

function SendLink({ bookingId, traveller, onDone }: { bookingId: number; traveller: TravellerAgreements; onDone: () => void }) {
  const uid = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { link } = await portalApi.sendSigningLink(bookingId, { guestId: traveller.guestId, email });
      toast(link.email === 'failed' ? { title: AGREEMENT_MESSAGES.linkFailed, variant: 'destructive' } : { title: AGREEMENT_MESSAGES.sendLink, description: link.email === 'sent' ? AGREEMENT_MESSAGES.linkSent(email) : AGREEMENT_MESSAGES.linkQueued });
      onDone();
    } catch (failure) {
      const issue = messageOf(failure, 'email');
      if (issue) setError(issue);
      else toastError(AGREEMENT_MESSAGES.linkFailed, failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label={`Saada link: ${traveller.name}`} noValidate>
      <div>
        <label htmlFor={`${uid}email`} className="font-semibold">
          {traveller.name}: e-post
        </label>
        <input
          id={`${uid}email`}
          type="email"
          className="field-input mt-1"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}email-error` : undefined}
        />
        {error && (
          <p id={`${uid}email-error`} className="mt-1 text-sm text-clay-700">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Saadan...' : 'Saada link'}
      </button>
    </form>
  );
}
