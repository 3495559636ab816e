/** A record's object as the audit trail names it ("Broneering 7 — Mari Tamm"), a link where a screen shows it. */
import type { AuditResource } from '../../../../lib/admin/audit';
import { AppLink } from '../../shell';

export function AuditResourceText({ resource }: { resource: AuditResource | null }) {
  if (!resource) return <>–</>;
  if (!resource.href) return <span className="break-words">{resource.label}</span>;
  return (
    <AppLink href={resource.href} className="break-words text-lagoon-800 underline underline-offset-2" data-audit-resource>
      {resource.label}
    </AppLink>
  );
}
