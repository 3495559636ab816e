/**
 * "Impordi väljavõte": one file, sent as multipart. A chosen file is read by the API first, nothing written (issue
 * 36): the form lists its accounts and warns of one that is not the company's, or of money in another currency,
 * before the admin confirms the import. A refused file keeps its place in the field (the admin may fix the export and
 * choose again, or try again); the API's Estonian message says what was wrong, under the field and in a toast.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { BANK_STATEMENT_MESSAGES, foreignAccountWarning, STATEMENT_MAX_BYTES, type StatementImportResult, type StatementPreview } from '../../../../lib/bank-statements';
import { formatCountOf } from '../../../../lib/format';
import { ApiRequestError } from '../../../api/client';
import { toast, toastError } from '../../../toast';
import { useImportStatement, usePreviewStatement } from '../../api/bank-statements';
import { Button } from '../../ui/button';

const ACCEPT = '.xml,.csv,text/xml,text/csv,application/xml';
const HINT = 'ISO 20022 camt.053 või camt.054 (XML), Swedbanki, SEB või LHV CSV-väljavõte; kuni 5 MB';

interface Failure {
  message: string;
  /** The API's details beyond the field itself (a malformed line's number and what was wrong on it). */
  details: string[];
}

const failureOf = (error: Error): Failure => {
  const details = error instanceof ApiRequestError ? error.details.map((d) => (d.path && d.path !== 'file' ? `${d.path}: ${d.message}` : d.message)) : [];
  return { message: error.message, details: details.filter((d) => d !== error.message) };
};

/** The chosen file's accounts, each with its count, and a warning where its money in will wait for review. */
function PreviewNotes({ preview }: { preview: StatementPreview }) {
  return (
    <ul role="list" className="space-y-1 text-sm" data-statement-preview>
      {preview.accounts.map(({ account, companyAccount, transactions, currencies }) => {
        const foreign = currencies.filter((c) => c !== 'EUR');
        return (
          <li key={account ?? ''} data-preview-account={account ?? ''}>
            <span className="text-ink-900">
              {account ? `Konto ${account}` : 'Konto teadmata'}: {formatCountOf(transactions, 'tehing', 'tehingut')}
            </span>
            {!companyAccount && <span className="block text-amber-900">{foreignAccountWarning(account)}</span>}
            {companyAccount && foreign.length > 0 && (
              <span className="block text-amber-900">Laekumised valuutas {foreign.join(', ')} ootavad ülevaatust: broneeringutega seotakse ainult euromakseid.</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function UploadForm({ onImported }: { onImported: (result: StatementImportResult) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useImportStatement();
  const previewing = usePreviewStatement();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [preview, setPreview] = useState<{ file: File; result: StatementPreview } | null>(null);
  const ids = { field: useId(), hint: useId(), error: useId(), preview: useId() };

  const chosen = () => {
    setFailure(null);
    setPreview(null);
    const file = input.current?.files?.[0];
    if (!file || file.size > STATEMENT_MAX_BYTES) return;
    previewing.mutate(file, {
      // Only the file still chosen: an answer about one chosen before it says nothing now.
      onSuccess: (result) => {
        if (input.current?.files?.[0] === file) setPreview({ file, result });
      },
      onError: (error) => {
        if (input.current?.files?.[0] === file) setFailure(failureOf(error));
      },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    const file = input.current?.files?.[0];
    if (!file) {
      setFailure({ message: BANK_STATEMENT_MESSAGES.fileRequired, details: [] });
      input.current?.focus();
      return;
    }
    // The server would refuse it unread: say so without sending 5 MB.
    if (file.size > STATEMENT_MAX_BYTES) {
      setFailure({ message: BANK_STATEMENT_MESSAGES.tooLarge, details: [] });
      input.current?.focus();
      return;
    }
    setFailure(null);
    upload.mutate(file, {
      onSuccess: (result) => {
        const stored = result.imports.reduce((n, i) => n + i.statement.transactions, 0);
        const duplicates = result.imports.reduce((n, i) => n + i.statement.duplicates, 0);
        toast({
          title: result.imports.length > 1 ? `Imporditud ${result.imports.length} konto väljavõte` : 'Väljavõte imporditud',
          description: [formatCountOf(stored, 'uus tehing', 'uut tehingut'), duplicates > 0 ? `${duplicates} juba imporditud` : null].filter(Boolean).join(', '),
        });
        // Done with this file: the field is empty again for the next one.
        if (input.current) input.current.value = '';
        setPreview(null);
        onImported(result);
      },
      onError: (error) => {
        setFailure(failureOf(error));
        toastError('Väljavõtte import ebaõnnestus', error);
        input.current?.focus();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="card space-y-4" aria-labelledby="statement-upload-title" data-statement-upload>
      <h2 id="statement-upload-title" className="text-xl text-lagoon-900">
        Impordi väljavõte
      </h2>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.field} className="text-sm font-semibold text-ink-900">
          Väljavõtte fail<span aria-hidden="true"> *</span>
        </label>
        <input
          ref={input}
          id={ids.field}
          name="file"
          type="file"
          accept={ACCEPT}
          required
          aria-invalid={failure ? true : undefined}
          aria-describedby={[ids.hint, failure && ids.error, preview && ids.preview].filter(Boolean).join(' ')}
          onChange={chosen}
          className={`w-full max-w-xl rounded-xl border bg-white p-2 text-sm text-ink-900 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-lagoon-50 file:px-3 file:py-2 file:font-semibold file:text-lagoon-800 ${failure ? 'border-rose-700' : 'border-sand-300'}`}
        />
        <span id={ids.hint} className="text-xs text-ink-600">
          {HINT}
        </span>
        <div id={ids.preview} aria-live="polite">
          {previewing.isPending && <p className="text-sm text-ink-600">Loen faili…</p>}
          {preview && !failure && <PreviewNotes preview={preview.result} />}
        </div>
        {failure && (
          <div id={ids.error} role="alert" className="text-sm text-rose-800" data-upload-error>
            <p>{failure.message}</p>
            {failure.details.length > 0 && (
              <ul role="list" className="mt-1 list-disc pl-5">
                {failure.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      <Button type="submit" isPending={upload.isPending}>
        {upload.isPending ? 'Impordin…' : 'Impordi väljavõte'}
      </Button>
    </form>
  );
}
