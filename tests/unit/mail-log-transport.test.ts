import { describe, expect, it } from 'vitest';
import { logTransport } from '../../worker/domain/mail/transport';

describe('the local mail log', () => {
  it('prints an attachment with its size and keeps the file where the host can', async () => {
    const printed: string[] = [];
    const saved: { filename: string; bytes: number }[] = [];
    const transport = logTransport(
      (text) => printed.push(text),
      async (file) => {
        saved.push({ filename: file.filename, bytes: file.content.length });
        return `data/mail/x-${file.filename}`;
      },
    );
    const content = new TextEncoder().encode('%PDF-1.7 test');
    expect(await transport.send({ to: 'a@example.com', subject: 'Arve', text: 'Tere', html: '<p>Tere</p>', attachments: [{ filename: 'arve-2026-0001.pdf', contentType: 'application/pdf', content }] })).toBe('logged');
    expect(saved).toEqual([{ filename: 'arve-2026-0001.pdf', bytes: content.length }]);
    expect(printed[0]).toContain(`Attachment: arve-2026-0001.pdf (application/pdf, ${content.length} bytes) → data/mail/x-arve-2026-0001.pdf`);
  });

  it('without a place for files (Workers) only names the attachment', async () => {
    const printed: string[] = [];
    await logTransport((text) => printed.push(text)).send({ to: 'a@example.com', subject: 'Arve', text: 'Tere', html: '', attachments: [{ filename: 'arve.pdf', contentType: 'application/pdf', content: new Uint8Array(3) }] });
    expect(printed[0]).toContain('Attachment: arve.pdf (application/pdf, 3 bytes)\n');
  });
});
