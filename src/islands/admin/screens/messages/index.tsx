/**
 * /admin/sonumid, "Sõnumid" (issue 24): the contact form's messages, newest first, with search, the new/answered
 * filter and paging done by the server (state in the URL); each opens in a dialog with its replies and a reply form.
 */
import { useEffect, useState } from 'react';
import {
  CONTACT_MESSAGE_STATE_LABELS,
  CONTACT_MESSAGE_STATES,
  contactMessageListQuerySchema,
  type ContactMessageListItem,
  type ContactMessageListQuery,
} from '../../../../lib/admin/contact-messages';
import { formatCountOf, formatDate, formatDateTime } from '../../../../lib/format';
import { toast } from '../../../toast';
import { useContactMessageList } from '../../api/contact-messages';
import { useListState } from '../../list-state';
import { useLocation } from '../../router';
import { AppLink, ScreenHeading } from '../../shell';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Counter } from '../../ui/counter';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { Pagination } from '../../ui/pagination';
import { SearchBox } from '../../ui/search-box';
import { SelectField } from '../../ui/select';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { lazyComponent } from '../../../lazy-component';

// The message with its reply form (react-hook-form, zod) loads when a message is first opened.
const ContactMessageDialog = lazyComponent(() => import('./message-dialog').then((m) => m.ContactMessageDialog));

const ALL = 'all';

export default function ContactMessages() {
  const location = useLocation();
  const [query, setQuery] = useListState(contactMessageListQuerySchema, location);
  const list = useContactMessageList(query);
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    if (list.isError) toast({ title: 'Viga sõnumite laadimisel', description: list.error.message, variant: 'destructive' });
  }, [list.isError, list.error]);

  const columns: DataColumn<ContactMessageListItem>[] = [
    {
      id: 'from',
      header: 'Saatja',
      isRowHeader: true,
      cell: (m) => (
        <span className="flex flex-col">
          <span className="font-semibold">{m.name}</span>
          <span className="text-sm text-ink-600">{m.email}</span>
        </span>
      ),
    },
    {
      id: 'message',
      header: 'Sõnum',
      cell: (m) => (
        <span className="flex max-w-md flex-col">
          {m.subject && <span className="font-semibold">{m.subject}</span>}
          <span className="line-clamp-2 text-sm text-ink-700">{m.excerpt}</span>
        </span>
      ),
    },
    { id: 'received', header: 'Saabunud', cell: (m) => formatDateTime(m.createdAt), className: 'whitespace-nowrap' },
    {
      id: 'state',
      header: 'Olek',
      cell: (m) => (
        <span className="flex flex-col gap-1" data-message-state={m.state}>
          <Badge tone={m.state === 'new' ? 'yellow' : 'green'}>{CONTACT_MESSAGE_STATE_LABELS[m.state]}</Badge>
          {m.answeredAt && (
            <span className="text-xs text-ink-600">
              {m.answeredBy ?? 'Kustutatud kasutaja'}, {formatDate(m.answeredAt)}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Tegevused',
      srOnlyHeader: true,
      cell: (m) => (
        <Button variant="outline" size="sm" onPress={() => setOpen(m.id)}>
          Ava<span className="sr-only"> sõnum: {m.name}</span>
        </Button>
      ),
    },
  ];

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <ScreenHeading title="Sõnumid" />
        <AppLink href="/dashboard" className="btn-outline">
          ← Tagasi töölauale
        </AppLink>
      </div>

      <dl className="mt-6 grid gap-3 sm:grid-cols-3" aria-busy={!list.data}>
        <Counter label="Sõnumeid kokku" value={list.data?.counts.total} name="total" />
        <Counter label="Uusi" value={list.data?.counts.new} name="new" />
        <Counter label="Otsingu tulemused" value={list.data?.total} name="results" />
      </dl>

      <div className="mt-6 grid max-w-3xl gap-4 sm:grid-cols-[2fr_1fr]" role="search" aria-label="Sõnumite otsing">
        <SearchBox
          value={query.q ?? ''}
          onChange={(q) => setQuery({ q }, { replace: true })}
          placeholder="Nimi, e-post või tekst"
          hint="Otsib saatja nime, e-posti, teema ja sõnumi teksti järgi."
        />
        <SelectField
          label="Olek"
          value={query.state ?? ALL}
          options={[{ value: ALL, label: 'Kõik' }, ...CONTACT_MESSAGE_STATES.map((s) => ({ value: s, label: CONTACT_MESSAGE_STATE_LABELS[s] }))]}
          onChange={(v) => setQuery({ state: v === ALL ? undefined : (v as ContactMessageListQuery['state']) })}
        />
      </div>

      <div className="mt-6">
        {list.isPending ? (
          <LoadingState text="Laadimine..." />
        ) : list.isError && !list.data ? (
          <ErrorState text="Viga sõnumite laadimisel" detail={list.error.message} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {list.data ? formatCountOf(list.data.total, 'sõnum', 'sõnumit') : ''}
            </p>
            <DataTable
              label="Sõnumid"
              columns={columns}
              items={list.data?.items ?? []}
              isStale={list.isPlaceholderData}
              empty={<EmptyState text={query.q || query.state ? 'Otsingule vastavaid sõnumeid ei leitud' : 'Sõnumeid ei ole veel'} />}
            />
            <Pagination page={query.page} pageSize={query.pageSize} total={list.data?.total ?? 0} onPageChange={(page) => setQuery({ page })} />
          </>
        )}
      </div>

      {open !== null && <ContactMessageDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
