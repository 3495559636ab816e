/**
 * "Impordi väljavõte": one file, sent as multipart. A refused file keeps its place in the field (the admin may fix the
 * export and choose again, or try again); the API's Estonian message says what was wrong, under the field and in a
 * toast.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { BANK_STATEMENT_MESSAGES, STATEMENT_MAX_BYTES, type StatementImportResult } from '../../../../lib/bank-statements';
import { formatCountOf } from '../../../../lib/format';
import { ApiRequestError } from '../../../api/client';
import { toast, toastError } from '../../../toast';
import { useImportStatement } from '../../api/bank-statements';
import { Button } from '../../ui/button';

const ACCEPT = '.xml,.csv,text/xml,text/csv,application/xml';
const HINT = 'ISO 20022 camt.053 või camt.054 (XML), Swedbanki, SEB või LHV CSV-väljavõte; kuni 5 MB';

interface Failure {
  message: string;
  /** The API's details beyond the field itself (a malformed line's number and what was wrong on it). */
  details: string[];
}

export function UploadForm({ onImported }: { onImported: (result: StatementImportResult) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useImportStatement();
  const [failure, setFailure] = useState<Failure | null>(null);
  const ids = { field: useId(), hint: useId(), error: useId() };

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
        const stored = result.statement.transactions;
        toast({
          title: 'Väljavõte imporditud',
          description: [formatCountOf(stored, 'uus tehing', 'uut tehingut'), result.statement.duplicates > 0 ? `${result.statement.duplicates} juba imporditud` : null].filter(Boolean).join(', '),
        });
        // Done with this file: the field is empty again for the next one.
        if (input.current) input.current.value = '';
        onImported(result);
      },
      onError: (error) => {
        const details = error instanceof ApiRequestError ? error.details.map((d) => (d.path && d.path !== 'file' ? `${d.path}: ${d.message}` : d.message)) : [];
        setFailure({ message: error.message, details: details.filter((d) => d !== error.message) });
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
          aria-describedby={failure ? `${ids.hint} ${ids.error}` : ids.hint}
          onChange={() => setFailure(null)}
          className={`w-full max-w-xl rounded-xl border bg-white p-2 text-sm text-ink-900 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-lagoon-50 file:px-3 file:py-2 file:font-semibold file:text-lagoon-800 ${failure ? 'border-rose-700' : 'border-sand-300'}`}
        />
        <span id={ids.hint} className="text-xs text-ink-600">
          {HINT}
        </span>
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
