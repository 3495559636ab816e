/**
 * One contact-form message (issue 24): who wrote and when, the text, the replies sent so far (who, when, delivery),
 * and a reply form: subject (suggested from the visitor's) and text, sent by e-mail through the outbox.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_MESSAGE_STATE_LABELS, replySubjectFor, type ContactMessageDetail } from '../../../../lib/admin/contact-messages';
import { contactReplySchema, type ContactReplyInput, type ContactReplyValues } from '../../../../lib/admin/contact-reply';
import { formatDateTime } from '../../../../lib/format';
import { isNotFound } from '../../../api/client';
import { useValidatedForm } from '../../../forms/use-validated-form';
import { toast } from '../../../toast';
import { useContactMessage, useReplyToContactMessage } from '../../api/contact-messages';
import { writeForm } from '../../form-write';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { AppDialog, DialogActions } from '../../ui/dialog';
import { FormTextField } from '../../ui/form-fields';
import { ErrorState, QueryView } from '../../ui/states';
import { Facts } from '../../ui/detail-parts';

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

function MessageView({ message, onClose }: { message: ContactMessageDetail; onClose: () => void }) {
  return (
    <div className="grid gap-6" data-contact-message>
      <Facts
        items={[
          ['Saatja', message.name],
          ['E-post', message.email],
          ['Teema', message.subject],
          ['Saabunud', formatDateTime(message.createdAt)],
          ['Olek', <Badge tone={message.state === 'new' ? 'yellow' : 'green'}>{CONTACT_MESSAGE_STATE_LABELS[message.state]}</Badge>],
        ]}
      />
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
    const saved = await writeForm(() => reply.mutateAsync(getValues()), 'Vastuse saatmine ebaõnnestus', showFieldIssues);
    if (!saved.ok) return;
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
        <FormTextField control={control} name="subject" label="Teema" isRequired />
        <FormTextField control={control} name="text" label="Vastus" multiline rows={6} isRequired />
        <DialogActions onCancel={onClose} cancelLabel="Sulge" isPending={reply.isPending}>
          <Button type="submit" isPending={reply.isPending}>
            Saada vastus
          </Button>
        </DialogActions>
      </form>
    </section>
  );
}
