/** One audit record in full: who, when, from where, and its old and new values or other details. */
import { AUDIT_SEVERITY_LABELS, auditActionLabel, type AuditRecord } from '../../../../lib/admin/audit';
import { auditFieldLabel, auditValueText } from '../../../../lib/admin/audit-details';
import { AuditResourceText } from './resource';
import { formatDateTime } from '../../../../lib/format';
import { Button } from '../../ui/button';
import { AppDialog } from '../../ui/dialog';
import { ColumnHeads } from '../../../column-heads';

type Changes = Record<string, { from: unknown; to: unknown }>;

function isChanges(value: unknown): value is Changes {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'object' && v !== null && 'from' in v && 'to' in v);
}

export function AuditDetailDialog({ record, onClose }: { record: AuditRecord | null; onClose: () => void }) {
  const { changes, ...rest } = (record?.metadata ?? {}) as { changes?: unknown } & Record<string, unknown>;
  return (
    <AppDialog title="Auditikirje" isOpen={record !== null} onOpenChange={(open) => !open && onClose()} size="lg">
      {record && (
        <div className="space-y-5 text-sm">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
            <dt className="font-semibold">Aeg</dt>
            <dd>{formatDateTime(record.createdAt)}</dd>
            <dt className="font-semibold">Tegevus</dt>
            <dd>{auditActionLabel(record.action)}</dd>
            <dt className="font-semibold">Tõsidus</dt>
            <dd>{AUDIT_SEVERITY_LABELS[record.severity]}</dd>
            <dt className="font-semibold">Kasutaja</dt>
            <dd>{record.user ? `${record.user.name ?? ''} ${record.user.email}`.trim() : '–'}</dd>
            <dt className="font-semibold">Objekt</dt>
            <dd>
              <AuditResourceText resource={record.resource} />
            </dd>
            <dt className="font-semibold">IP-aadress</dt>
            <dd>{record.ip ?? '–'}</dd>
            <dt className="font-semibold">Brauser</dt>
            <dd className="break-all">{record.userAgent ?? '–'}</dd>
          </dl>
          {isChanges(changes) && Object.keys(changes).length > 0 && (
            <table className="w-full border-collapse text-left">
              <caption className="mb-2 text-left font-semibold">Muudatused</caption>
              <thead>
                <ColumnHeads className="border-b border-sand-200" cell="py-1 pr-3 last:pr-0" columns={['Väli', 'Enne', 'Pärast']} />
              </thead>
              <tbody>
                {Object.entries(changes).map(([field, change]) => (
                  <tr key={field} className="border-b border-sand-100 align-top">
                    <th scope="row" className="py-1 pr-3 font-normal">{auditFieldLabel(field)}</th>
                    <td className="py-1 pr-3 break-words">{auditValueText(field, change.from)}</td>
                    <td className="py-1 break-words">{auditValueText(field, change.to)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {Object.keys(rest).length > 0 && (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
              {Object.entries(rest).map(([key, value]) => (
                <div key={key} className="contents">
                  <dt className="font-semibold">{auditFieldLabel(key)}</dt>
                  <dd className="break-words">{auditValueText(key, value)}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="flex justify-end">
            <Button variant="outline" onPress={onClose}>
              Sulge
            </Button>
          </div>
        </div>
      )}
    </AppDialog>
  );
}
