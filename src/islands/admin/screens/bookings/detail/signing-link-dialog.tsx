/**
 * "Saada allkirjastamise link" for a companion who has not signed (issue 42): their address, and the API sends them
 * a personal link to read and sign both texts. A refusal (a minor, already signed, a bad address) shows under its field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AGREEMENT_MESSAGES } from '../../../../../lib/agreement-labels';
import { signingLinkSchema, type SigningLink, type SigningLinkInput } from '../../../../../lib/agreement-schemas';
import { useValidatedForm } from '../../../../forms/use-validated-form';
import { toast } from '../../../../toast';
import { useSendSigningLink } from '../../../api/bookings';
import { writeForm } from '../../../form-write';
import { Button } from '../../../ui/button';
import { AppDialog, DialogActions } from '../../../ui/dialog';
import { FormTextField } from '../../../ui/form-fields';

export function SigningLinkDialog({ bookingId, traveller, onClose }: { bookingId: string; traveller: { guestId: string; name: string }; onClose: () => void }) {
  const send = useSendSigningLink(bookingId);
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<SigningLinkInput, SigningLink>({
    resolver: zodResolver(signingLinkSchema),
    defaultValues: { guestId: traveller.guestId, email: '' },
  });

  const onValid = async ({ email }: SigningLink) => {
    const sent = await writeForm(() => send.mutateAsync(getValues()), AGREEMENT_MESSAGES.linkFailed, showFieldIssues);
    if (!sent.ok) return;
    toast(
      sent.value.email === 'failed'
        ? { title: AGREEMENT_MESSAGES.linkFailed, variant: 'destructive' }
        : { title: AGREEMENT_MESSAGES.sendLink, description: sent.value.email === 'sent' ? AGREEMENT_MESSAGES.linkSent(email) : AGREEMENT_MESSAGES.linkQueued },
    );
    onClose();
  };

  const title = `${AGREEMENT_MESSAGES.sendLink}: ${traveller.name}`;
  return (
    <AppDialog title={title} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={!send.isPending}>
      <form {...formProps(onValid)} className="grid gap-5" aria-label={title} data-signing-link>
        <FormTextField
          control={control}
          name="email"
          label="Reisija e-post"
          type="email"
          autoComplete="off"
          description="Link on isiklik ja kehtib 30 päeva. Reisija loeb tingimused ja osaleja deklaratsiooni ning allkirjastab need oma nimega."
          isRequired
          autoFocus
        />
        <DialogActions onCancel={onClose} isPending={send.isPending}>
          <Button type="submit" isPending={send.isPending}>
            Saada link
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
