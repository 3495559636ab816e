/**
 * /admin/sonumid, "Sõnumid" (issue 24): the contact form's messages, newest first, with search, the new/answered
 * filter and paging done by the server (state in the URL); each opens in a dialog with its replies and a reply form.
 */
import { useState } from 'react';
import {
  CONTACT_MESSAGE_STATE_LABELS,
  CONTACT_MESSAGE_STATES,
  contactMessageListQuerySchema,
  type ContactMessageListItem,
} from '../../../../lib/admin/contact-messages';
import { formatDate, formatDateTime } from '../../../../lib/format';
import { useContactMessageList } from '../../api/contact-messages';
import { useServerList } from '../../list-state';
import { BACK_TO_DASHBOARD, ScreenHeader } from '../../shell';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Counter } from '../../ui/counter';
import type { DataColumn } from '../../ui/data-table';
import { FilterSelect } from '../../ui/filter-select';
import { ListTable } from '../../ui/list-results';
import { ListSearch } from '../../ui/list-search';
import { optionsOf } from '../../ui/select';
import { lazyComponent } from '../../../lazy-component';

// The message with its reply form (react-hook-form, zod) loads when a message is first opened.
const ContactMessageDialog = lazyComponent(() => import('./message-dialog').then((m) => m.ContactMessageDialog));

export default function ContactMessages() {
  const listing = useServerList(contactMessageListQuerySchema, useContactMessageList);
  const { query, setQuery, list } = listing;
  const [open, setOpen] = useState<number | null>(null);

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
      <ScreenHeader title="Sõnumid" back={BACK_TO_DASHBOARD} />

      <dl className="mt-6 grid gap-3 sm:grid-cols-3" aria-busy={!list.data}>
        <Counter label="Sõnumeid kokku" value={list.data?.counts.total} name="total" />
        <Counter label="Uusi" value={list.data?.counts.new} name="new" />
        <Counter label="Otsingu tulemused" value={list.data?.total} name="results" />
      </dl>

      <ListSearch
        listing={listing}
        label="Sõnumite otsing"
        className="mt-6 grid max-w-3xl gap-4 sm:grid-cols-[2fr_1fr]"
        placeholder="Nimi, e-post või tekst"
        hint="Otsib saatja nime, e-posti, teema ja sõnumi teksti järgi."
      >
        <FilterSelect
          label="Olek"
          value={query.state}
          options={optionsOf(CONTACT_MESSAGE_STATES, (s) => CONTACT_MESSAGE_STATE_LABELS[s])}
          onChange={(state) => setQuery({ state })}
        />
      </ListSearch>

      <ListTable
        listing={listing}
        loading="Laadimine..."
        failed="Viga sõnumite laadimisel"
        counted={['sõnum', 'sõnumit']}
        label="Sõnumid"
        columns={columns}
        empty={query.q || query.state ? 'Otsingule vastavaid sõnumeid ei leitud' : 'Sõnumeid ei ole veel'}
      />

      {open !== null && <ContactMessageDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
