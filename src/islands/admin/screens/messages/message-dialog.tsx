/**
 * One contact-form message (issue 24): who wrote and when, the text, the replies sent so far (who, when, delivery),
 * and a reply form: subject (suggested from the visitor's) and text, sent by e-mail through the outbox.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { CONTACT_MESSAGE_STATE_LABELS, replySubjectFor, type ContactMessageDetail } from '../../../../lib/admin/contact-messages';
import { contactReplySchema, type ContactReplyInput, type ContactReplyValues } from '../../../../lib/admin/contact-reply';
import { formatDateTime } from '../../../../lib/format';
import { ApiRequestError, isNotFound } from '../../../api/client';
import { useValidatedForm } from '../../../forms/use-validated-form';
import { toast, toastError } from '../../../toast';
import { useContactMessage, useReplyToContactMessage } from '../../api/contact-messages';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { AppDialog, DialogActions } from '../../ui/dialog';
import { ErrorState, QueryView } from '../../ui/states';
import { TextInputField } from '../../ui/text-field';

const DELIVERY_LABELS: Record<string, string> = { pending: 'Ootel', sent: 'Saadetud', logged: 'Logitud', failed: 'Ebaõnnestus' };

export function ContactMessageDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const message = useContactMessage(id);
  const notFound = isNotFound(message.error);
  return (
    <AppDialog title={message.data ? `Sõnum: ${message.data.name}` : 'Sõnum'} isOpen onOpenChange={(open) => !open && onClose()} size="lg">
      <QueryView query={message} failed={notFound ? <ErrorState text="Sõnumit ei leitud" /> : 'Sõnumi laadimine ebaõnnestus'}>
        {(data) => <MessageView message={data} onClose={onClose} />}
      </QueryView>
    </AppDialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-ink-900">{children || '–'}</dd>
    </div>
  );
}

function MessageView({ message, onClose }: { message: ContactMessageDetail; onClose: () => void }) {
  return (
    <div className="grid gap-6" data-contact-message>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Fact label="Saatja">{message.name}</Fact>
        <Fact label="E-post">{message.email}</Fact>
        <Fact label="Teema">{message.subject}</Fact>
        <Fact label="Saabunud">{formatDateTime(message.createdAt)}</Fact>
        <Fact label="Olek">
          <Badge tone={message.state === 'new' ? 'yellow' : 'green'}>{CONTACT_MESSAGE_STATE_LABELS[message.state]}</Badge>
        </Fact>
      </dl>
      <section aria-labelledby="contact-message-text">
        <h3 id="contact-message-text" className="text-lg text-lagoon-900">
          Sõnum
        </h3>
        <p className="mt-2 whitespace-pre-wrap rounded-2xl bg-sand-50 p-4 text-ink-900 ring-1 ring-sand-200">{message.message}</p>
      </section>
      {message.replies.length > 0 && (
        <section aria-labelledby="contact-message-replies">
          <h3 id="contact-message-replies" className="text-lg text-lagoon-900">
            Vastused
          </h3>
          <ol className="mt-2 grid gap-3">
            {message.replies.map((r) => (
              <li key={r.id} className="rounded-2xl p-4 ring-1 ring-sand-200" data-contact-reply>
                <p className="text-sm text-ink-600">
                  {formatDateTime(r.createdAt)} · {r.by ?? 'Kustutatud kasutaja'} · {r.delivery ? DELIVERY_LABELS[r.delivery] : 'Kiri ei ole enam säilinud'}
                </p>
                <p className="mt-1 font-semibold">{r.subject}</p>
                <p className="mt-1 whitespace-pre-wrap">{r.body}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
      <ReplyForm message={message} onClose={onClose} />
    </div>
  );
}

function ReplyForm({ message, onClose }: { message: ContactMessageDetail; onClose: () => void }) {
  const reply = useReplyToContactMessage(message.id);
  const { control, getValues, reset, formProps, showFieldIssues } = useValidatedForm<ContactReplyInput, ContactReplyValues>({
    resolver: zodResolver(contactReplySchema),
    defaultValues: { subject: replySubjectFor(message.subject), text: '' },
  });
  const onValid = async () => {
    try {
      await reply.mutateAsync(getValues());
    } catch (error) {
      if (error instanceof ApiRequestError) showFieldIssues(error.details);
      toastError('Vastuse saatmine ebaõnnestus', error);
      return;
    }
    toast({ title: 'Vastus saadetud', description: `Kiri läks aadressile ${message.email}.` });
    reset({ subject: replySubjectFor(message.subject), text: '' });
  };
  return (
    <section aria-labelledby="contact-reply-title">
      <h3 id="contact-reply-title" className="text-lg text-lagoon-900">
        Vasta e-postiga
      </h3>
      <form {...formProps(onValid)} className="mt-3 grid gap-4" aria-labelledby="contact-reply-title" data-contact-reply-form>
        <p className="text-sm text-ink-600">Saaja: {message.email}</p>
        <Controller
          control={control}
          name="subject"
          render={({ field, fieldState }) => (
            <TextInputField label="Teema" value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} name={field.name} isRequired errorMessage={fieldState.error?.message} />
          )}
        />
        <Controller
          control={control}
          name="text"
          render={({ field, fieldState }) => (
            <TextInputField label="Vastus" multiline rows={6} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} name={field.name} isRequired errorMessage={fieldState.error?.message} />
          )}
        />
        <DialogActions onCancel={onClose} cancelLabel="Sulge" isPending={reply.isPending}>
          <Button type="submit" isPending={reply.isPending}>
            Saada vastus
          </Button>
        </DialogActions>
      </form>
    </section>
  );
}
