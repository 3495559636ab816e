/**
 * The feedback form on /tagasiside (issue 24), opened from the link in the feedback request e-mail: the token is
 * read from the address's fragment (then taken out of the address bar), the API says whose link it is, and the
 * guest gives a rating 1–5, an optional text and, only if they tick it, permission to quote it on the site.
 * Validated with the schema POST /api/feedback applies.
 */
import { useEffect, useId, useState } from 'react';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_TEXTS, type FeedbackOpen } from '../lib/feedback';
import type { FeedbackInput, FeedbackValues } from '../lib/feedback-schema';
import { ChoiceGroup, FieldError, SubmitButton, useHydrated } from './forms/field';
import { visitorValidation } from './forms/lazy-visitor-validation';
import { postJson } from './forms/post-json';
import { useValidatedForm } from './forms/use-validated-form';
import { toastError, Toaster } from './toast';

type FormValues = { token: string; rating: string; comment: string; mayQuote: boolean };

const resolver = visitorValidation.resolver<FormValues, FeedbackValues>((v) => v.feedbackResolver);

const RATINGS = [
  ['1', '1 – kehv'],
  ['2', '2'],
  ['3', '3'],
  ['4', '4'],
  ['5', '5 – suurepärane'],
] as const;
const RATING_CHOICES = RATINGS.map(([value, label]) => [value, <span>{label}</span>] as const);

type State = { kind: 'loading' } | { kind: 'invalid'; message: string } | { kind: 'open'; token: string; info: FeedbackOpen } | { kind: 'done' };

/** The token from "#token=…", removed from the address so it is not kept in the history or shared by accident. */
function takeToken(): string {
  const match = /(?:^#|&)token=([\w.-]+)/.exec(window.location.hash);
  if (match) history.replaceState(null, '', window.location.pathname + window.location.search);
  return match?.[1] ?? '';
}

export default function FeedbackForm() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const token = takeToken();
    if (!token) {
      setState({ kind: 'invalid', message: FEEDBACK_TEXTS.tokenMissing });
      return;
    }
    void postJson('/api/feedback/open', { token }).then((result) => {
      if (!result.ok) setState({ kind: 'invalid', message: result.message ?? FEEDBACK_TEXTS.tokenMissing });
      else if (result.data.answered) setState({ kind: 'invalid', message: FEEDBACK_TEXTS.alreadyGiven });
      else setState({ kind: 'open', token, info: result.data });
    });
  }, []);

  return (
    <>
      {state.kind === 'loading' ? (
        <p role="status">Laadin…</p>
      ) : state.kind === 'invalid' ? (
        <p role="alert" className="text-ink-900" data-feedback-state="invalid">
          {state.message}
        </p>
      ) : state.kind === 'done' ? (
        <div role="status" data-feedback-state="done">
          <h2 className="text-2xl text-lagoon-900">{FEEDBACK_TEXTS.sent.title}</h2>
          <p className="mt-2">{FEEDBACK_TEXTS.sent.description}</p>
        </div>
      ) : (
        <Form token={state.token} info={state.info} onDone={() => setState({ kind: 'done' })} />
      )}
      <Toaster />
    </>
  );
}

function Form({ token, info, onDone }: { token: string; info: FeedbackOpen; onDone: () => void }) {
  const uid = useId();
  const hydrated = useHydrated();
  const {
    register,
    formProps,
    showFieldIssues,
    formState: { errors, isSubmitting },
  } = useValidatedForm<FormValues, FeedbackValues>({
    defaultValues: { token, rating: '', comment: '', mayQuote: false },
    resolver,
    preload: visitorValidation.preload,
  });

  const onValid = async (answer: FeedbackValues) => {
    const body: FeedbackInput = { token: answer.token, rating: answer.rating, comment: answer.comment ?? undefined, mayQuote: answer.mayQuote };
    const result = await postJson('/api/feedback', body);
    if (result.ok) {
      onDone();
      return;
    }
    toastError(FEEDBACK_TEXTS.failedTitle, result.message ?? 'Palun proovige hiljem uuesti.');
    showFieldIssues(result.details);
  };

  const ratingError = errors.rating?.message;
  return (
    <form {...formProps(onValid)} aria-label="Tagasiside vorm" data-feedback-form>
      <fieldset disabled={!hydrated} className="space-y-6">
        <p>
          Tere, {info.firstName}! Kuidas retriit <strong>{info.retreatName}</strong> Teile meeldis?
        </p>
        <ChoiceGroup legend="Hinne" field={register('rating')} choices={RATING_CHOICES} errorId={`${uid}rating-error`} error={ratingError} />
        <div>
          <label htmlFor={`${uid}comment`} className="field-label">
            Teie tagasiside
          </label>
          <textarea
            id={`${uid}comment`}
            {...register('comment')}
            rows={6}
            maxLength={FEEDBACK_COMMENT_MAX}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={errors.comment ? `${uid}comment-error` : undefined}
            className="field-input"
          />
          <FieldError id={`${uid}comment-error`} message={errors.comment?.message} />
        </div>
        <label className="flex items-start gap-3">
          <input {...register('mayQuote')} type="checkbox" className="mt-1 size-4" />
          <span>{FEEDBACK_TEXTS.mayQuoteLabel}</span>
        </label>
        <SubmitButton className="btn-primary w-full sm:w-auto" submitting={isSubmitting} busyText="Saadan...">
          Saada tagasiside
        </SubmitButton>
      </fieldset>
    </form>
  );
}
