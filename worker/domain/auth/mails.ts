import { SITE_CONTACTS } from '../../../src/lib/retreat-editions';
import { escapeHtml, mailLayout } from '../mail/html';
import type { OutgoingMail } from '../mail/transport';

function linkMail(to: string, subject: string, lines: { before: string; action: string; after: string }, link: string): OutgoingMail {
  return {
    to,
    subject,
    text: [lines.before, '', link, '', lines.after, '', SITE_CONTACTS.retreatName].join('\n'),
    html: mailLayout(
      subject,
      `<p>${escapeHtml(lines.before)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1f5f5b;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(lines.action)}</a></p>
<p style="font-size:13px;color:#4a5a5a">Kui nupp ei tööta, avage see aadress: ${escapeHtml(link)}</p>
<p>${escapeHtml(lines.after)}</p>
<p style="color:#4a5a5a">${escapeHtml(SITE_CONTACTS.retreatName)}</p>`,
    ),
  };
}

/** Link in the fragment: it never reaches a server log or a Referer header. */
export function confirmationMail(to: string, origin: string, token: string): OutgoingMail {
  return linkMail(
    to,
    'Kinnitage oma e-posti aadress',
    {
      before: 'Täname registreerumast! Konto kasutamiseks kinnitage oma e-posti aadress.',
      action: 'Kinnita e-posti aadress',
      after: 'Link kehtib 24 tundi. Kui Teie kontot ei loonud, võite selle kirja kustutada.',
    },
    `${origin}/auth#confirm=${token}`,
  );
}

export function passwordResetMail(to: string, origin: string, token: string): OutgoingMail {
  return linkMail(
    to,
    'Salasõna lähtestamine',
    {
      before: 'Saime palve Teie salasõna lähtestamiseks. Uue salasõna saate määrata allolevast lingist.',
      action: 'Määra uus salasõna',
      after: 'Link kehtib ühe tunni ja töötab ühe korra. Kui Teie seda ei palunud, võite selle kirja kustutada.',
    },
    `${origin}/auth#reset=${token}`,
  );
}
