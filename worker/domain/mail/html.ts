/** Escapes text for HTML element content and attribute values. Every interpolated value in a mail goes through it. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A text an admin typed, as HTML: a blank line starts a paragraph, a single line break stays one; everything escaped. */
export function textParagraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A plain, mail-client-safe page around the body: inline styles only, no external resources. */
export function mailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="et"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f7f3ec;font-family:Helvetica,Arial,sans-serif;color:#1d2a2a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
${bodyHtml}
</div></body></html>`;
}

/** Rows of a summary table; empty values are left out, as the spec omits empty optional fields. */
export function summaryTable(rows: [label: string, value: string | undefined][]): { html: string; text: string } {
  const present = rows.filter((row): row is [string, string] => !!row[1]);
  return {
    html: `<table style="border-collapse:collapse;width:100%">${present
      .map(
        ([label, value]) =>
          `<tr><th style="text-align:left;padding:6px 12px 6px 0;vertical-align:top;color:#4a5a5a;font-weight:600">${escapeHtml(label)}</th><td style="padding:6px 0">${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
      )
      .join('')}</table>`,
    text: present.map(([label, value]) => `${label}: ${value}`).join('\n'),
  };
}
