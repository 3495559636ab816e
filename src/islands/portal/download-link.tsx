/** A link to a file from /api/me (PDF, JSON) that makes the session fresh before the browser fetches it. */
import type { ReactNode } from 'react';
import { freshForDownload } from './first-view-api';

export function DownloadLink({ href, children, className, onSessionOver }: { href: string; children: ReactNode; className?: string; onSessionOver: () => void }) {
  return (
    <a
      href={href}
      download
      className={className}
      onClick={async (event) => {
        event.preventDefault();
        if (!(await freshForDownload())) return onSessionOver();
        const link = document.createElement('a');
        link.href = href;
        link.download = '';
        link.click();
      }}
    >
      {children}
    </a>
  );
}
