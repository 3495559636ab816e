/**
 * The webhook endpoint's dialogs (issue 41), checked in the browser with the API's own schemas (src/lib/webhooks.ts)
 * and again by the API, which also decides where deliveries may go (https, no private address) and says so under the
 * address. Adding: the address, the events, a note; then the secret, shown this once with a copy button. Editing:
 * the same and on or off; an endpoint someone changed meanwhile is refused and the list reloads.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES,
  webhookCreateSchema,
  webhookEditSchema,
  type CreatedWebhook,
  type WebhookCreate,
  type WebhookCreateInput,
  type WebhookEdit,
  type WebhookEditInput,
  type WebhookEvent,
  type WebhookItem,
} from '../../../../lib/webhooks';
import { hasErrorCode } from '../../../api/client';
import { useValidatedForm } from '../../../forms/use-validated-form';
import { toast } from '../../../toast';
import { useCreateWebhook, useUpdateWebhook } from '../../api/webhooks';
import { writeForm } from '../../form-write';
import { Button } from '../../ui/button';
import { CheckboxListField } from '../../ui/choices';
import { AppDialog, DialogActions } from '../../ui/dialog';
import { FormTextField } from '../../ui/form-fields';
import { SwitchField } from '../../ui/switch';
import { TextInputField } from '../../ui/text-field';

const EVENT_CHOICES = WEBHOOK_EVENTS.map((id) => ({ id, label: WEBHOOK_EVENT_LABELS[id], detail: id }));

type CommonInput = Pick<WebhookEditInput, 'url' | 'events' | 'description'>;

export function AddWebhookDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (webhook: CreatedWebhook) => void }) {
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<WebhookCreateInput, WebhookCreate>({
    resolver: zodResolver(webhookCreateSchema),
    defaultValues: { url: '', events: [], description: '' },
  });
  const create = useCreateWebhook();
  const title = 'Lisa liides';

  const onValid = async () => {
    const saved = await writeForm(() => create.mutateAsync(getValues()), 'Liidese lisamine ebaõnnestus', showFieldIssues);
    if (!saved.ok) return;
    toast({ title: WEBHOOK_MESSAGES.created, description: saved.value.url });
    onCreated(saved.value);
  };

  return (
    <AppDialog title={title} isOpen onOpenChange={(open) => !open && onClose()} size="lg" isDismissable={!create.isPending}>
      <form {...formProps(onValid)} className="grid gap-5" aria-label={title} data-webhook-form>
        <CommonFields control={control as unknown as Control<CommonInput>} autoFocus />
        <DialogActions onCancel={onClose} isPending={create.isPending}>
          <Button type="submit" isPending={create.isPending}>
            Lisa liides
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}

export function EditWebhookDialog({ webhook, onClose }: { webhook: WebhookItem; onClose: () => void }) {
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<WebhookEditInput, WebhookEdit>({
    resolver: zodResolver(webhookEditSchema),
    defaultValues: {
      version: webhook.version,
      url: webhook.url,
      events: webhook.events,
      description: webhook.description ?? '',
      enabled: webhook.enabled,
    },
  });
  const update = useUpdateWebhook(webhook.id);
  const title = 'Muuda liidest';

  const onValid = async () => {
    const saved = await writeForm(() => update.mutateAsync(getValues()), 'Liidese salvestamine ebaõnnestus', showFieldIssues);
    if (!saved.ok) {
      // Someone changed it meanwhile: the list has reloaded, and the dialog would only send the old version again.
      if (hasErrorCode(saved.error, 'webhook_changed')) onClose();
      return;
    }
    toast({ title: WEBHOOK_MESSAGES.saved, description: saved.value.url });
    onClose();
  };

  return (
    <AppDialog title={title} isOpen onOpenChange={(open) => !open && onClose()} size="lg" isDismissable={!update.isPending}>
      <form {...formProps(onValid)} className="grid gap-5" aria-label={title} data-webhook-form>
        <CommonFields control={control as unknown as Control<CommonInput>} />
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <SwitchField
              label="Liides on sees"
              isSelected={field.value}
              onChange={field.onChange}
              description={webhook.disabledReason === 'gone' ? WEBHOOK_MESSAGES.disabledGone : 'Välja lülitatud liidesele sündmusi ei saadeta.'}
            />
          )}
        />
        <DialogActions onCancel={onClose} isPending={update.isPending}>
          <Button type="submit" isPending={update.isPending}>
            Salvesta
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}

function CommonFields({ control, autoFocus }: { control: Control<CommonInput>; autoFocus?: boolean }) {
  return (
    <>
      <FormTextField
        control={control}
        name="url"
        label="Aadress (URL)"
        isRequired
        autoFocus={autoFocus}
        autoComplete="off"
        description="Kuhu sündmused saata, näiteks https://näide.ee/sundmused."
      />
      <Controller
        control={control}
        name="events"
        render={({ field, fieldState }) => (
          <CheckboxListField<WebhookEvent>
            label="Sündmused"
            name={field.name}
            options={EVENT_CHOICES}
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            description="Millest teavitada."
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <FormTextField control={control} name="description" label="Märkus" description="Näha ainult halduses (nt milline tööriist)." maxLength={200} />
    </>
  );
}

/** The new endpoint's secret, this once: the receiver checks each delivery's signature with it. */
export function SecretDialog({ webhook, onClose }: { webhook: CreatedWebhook; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhook.secret);
      setCopied(true);
    } catch {
      toast({ title: 'Kopeerimine ebaõnnestus', description: 'Valige võti ja kopeerige see käsitsi.', variant: 'destructive' });
    }
  };
  return (
    <AppDialog title="Liidese salajane võti" isOpen onOpenChange={(open) => !open && onClose()} size="lg">
      <div className="grid gap-4" data-webhook-secret>
        <p className="text-ink-800">{WEBHOOK_MESSAGES.secretOnce}</p>
        <TextInputField label="Salajane võti" value={webhook.secret} onChange={() => undefined} isReadOnly description={`Liides: ${webhook.url}`} />
        <p className="text-sm text-ink-600">
          Iga saadetis kannab päiseid webhook-id, webhook-timestamp ja webhook-signature (Standard Webhooks, HMAC-SHA256).
        </p>
        <p className="sr-only" aria-live="polite">
          {copied ? 'Võti kopeeritud' : ''}
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onPress={() => void copy()}>
            {copied ? 'Kopeeritud' : 'Kopeeri võti'}
          </Button>
          <Button onPress={onClose}>Valmis</Button>
        </div>
      </div>
    </AppDialog>
  );
}
