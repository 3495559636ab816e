/**
 * The group message's form (issue 24): audience, subject and text; the preview of who it goes to and of one
 * rendered e-mail; the send after a confirmation. A chunk of its own (react-hook-form and zod), loaded with the
 * retreat's detail but not part of its first load. Each preview names a new send (its Idempotency-Key), so a retry
 * of the same send after a lost answer sends nothing twice, and a changed message is a new send.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { groupMessageSchema, type GroupMessageInput, type GroupMessageValues } from '../../../../lib/admin/group-message-schema';
import { GROUP_MESSAGE_AUDIENCE_LABELS, GROUP_MESSAGE_AUDIENCES, type GroupMessagePreview } from '../../../../lib/group-messages';
import { useValidatedForm } from '../../../forms/use-validated-form';
import { toast, toastError } from '../../../toast';
import { usePreviewGroupMessage, useSendGroupMessage } from '../../api/group-messages';
import { writeForm } from '../../form-write';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { FormSelectField, FormTextField } from '../../ui/form-fields';
import { optionsOf } from '../../ui/select';

const EMPTY: GroupMessageInput = { audience: 'all', subject: '', text: '' };

/** "ühele inimesele", "5 inimesele". */
const toPeople = (n: number) => (n === 1 ? 'ühele inimesele' : `${n} inimesele`);

export function Composer({ retreatId }: { retreatId: number }) {
  const preview = usePreviewGroupMessage(retreatId);
  const send = useSendGroupMessage(retreatId);
  const [shown, setShown] = useState<{ preview: GroupMessagePreview; values: GroupMessageInput; key: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { control, getValues, reset, watch, formProps, showFieldIssues } = useValidatedForm<GroupMessageInput, GroupMessageValues>({
    resolver: zodResolver(groupMessageSchema),
    defaultValues: EMPTY,
  });

  // A change to the message after its preview makes the preview stale: it goes, and a new one is needed to send.
  useEffect(() => {
    const watching = watch(() => setShown(null));
    return () => watching.unsubscribe();
  }, [watch]);

  const onPreview = async () => {
    const values = getValues();
    const result = await writeForm(() => preview.mutateAsync(values), 'Eelvaate koostamine ebaõnnestus', showFieldIssues);
    if (result.ok) setShown({ preview: result.value, values, key: crypto.randomUUID() });
  };

  const onSend = async () => {
    if (!shown) return;
    try {
      const result = await send.mutateAsync({ body: shown.values, key: shown.key });
      toast({ title: result.alreadySent ? 'See kiri oli juba saadetud' : 'Kiri saadetud', description: `Kiri läks ${toPeople(result.recipients)}.` });
    } catch (error) {
      toastError('Kirja saatmine ebaõnnestus', error);
      return;
    } finally {
      setConfirming(false);
    }
    reset(EMPTY);
    setShown(null);
  };

  const count = shown?.preview.recipients.length ?? 0;
  return (
    <div className="grid gap-6">
      <form {...formProps(onPreview)} className="grid gap-4" aria-label="Kiri grupile" data-group-message-form>
        <FormSelectField
          control={control}
          name="audience"
          label="Kellele"
          isRequired
          options={optionsOf(GROUP_MESSAGE_AUDIENCES, (a) => GROUP_MESSAGE_AUDIENCE_LABELS[a])}
          description="Tühistatud broneeringud ja ootejärjekord ei saa kirja."
        />
        <FormTextField control={control} name="subject" label="Teema" isRequired />
        <FormTextField
          control={control}
          name="text"
          label="Tekst"
          multiline
          rows={6}
          isRequired
          description="Kiri algab tervitusega („Tere, eesnimi!“); tühi rida alustab uut lõiku."
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="submit" variant="outline" isPending={preview.isPending}>
            Eelvaade
          </Button>
        </div>
      </form>

      {shown && (
        <div className="grid gap-4 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200" data-group-message-preview aria-live="polite">
          <h3 className="text-lg text-lagoon-900">Eelvaade</h3>
          {count === 0 ? (
            <p>Valitud sihtrühmas ei ole kedagi, kellele kirjutada.</p>
          ) : (
            <>
              <p data-recipient-count={count}>Kiri läheb {toPeople(count)}.</p>
              <details>
                <summary className="cursor-pointer font-semibold">Saajad</summary>
                <ul className="mt-2 grid gap-1 text-sm">
                  {shown.preview.recipients.map((r) => (
                    <li key={r.email}>
                      {r.name} ({r.email}), broneering nr {r.bookingId}
                    </li>
                  ))}
                </ul>
              </details>
              {shown.preview.sample && (
                <figure className="rounded-xl bg-white p-4 ring-1 ring-sand-200">
                  <figcaption className="text-sm text-ink-600">
                    Näidiskiri: {shown.preview.sample.to} · Teema: <span className="font-semibold text-ink-900">{shown.preview.sample.subject}</span>
                  </figcaption>
                  <p className="mt-3 whitespace-pre-wrap text-ink-900" data-sample-text>
                    {shown.preview.sample.text}
                  </p>
                </figure>
              )}
              <div className="flex flex-wrap justify-end gap-3">
                <Button onPress={() => setConfirming(true)}>Saada {toPeople(count)}</Button>
              </div>
            </>
          )}
        </div>
      )}

      <ConfirmDialog
        title="Saada kiri grupile?"
        message={`Kiri „${shown?.values.subject ?? ''}“ läheb ${toPeople(count)}, igaühele eraldi e-kirjana.`}
        confirmLabel="Saada"
        destructive={false}
        isOpen={confirming}
        onOpenChange={setConfirming}
        onConfirm={() => void onSend()}
        isPending={send.isPending}
      />
    </div>
  );
}
