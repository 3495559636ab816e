import { toBase64, type MailAttachment } from './attachments';

/** One e-mail ready to go: both an HTML and a plain-text body, always. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** As handed to a transport: with its files, made when it is sent (./attachments). */
export interface MailToSend extends OutgoingMail {
  attachments?: MailAttachment[];
}

/** 'sent': the provider accepted it. 'logged': no provider configured, printed to the console instead. */
export type DeliveryOutcome = 'sent' | 'logged';

export interface MailTransport {
  readonly name: 'sendgrid' | 'log';
  /** Resolves when the mail is handed over; rejects (MailDeliveryError) when it was not. */
  send(mail: MailToSend): Promise<DeliveryOutcome>;
}

export class MailDeliveryError extends Error {
  constructor(
    message: string,
    /** False for answers a retry cannot fix (a rejected sender or a malformed request). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

export interface SendGridOptions {
  apiKey: string;
  /** "Name <address>" or a bare address. */
  from: string;
  /** Base URL of the v3 API; tests point it at a local stub. */
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

function parseAddress(from: string): { email: string; name?: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from);
  return match ? { name: match[1] || undefined, email: match[2]! } : { email: from.trim() };
}

/**
 * SendGrid's v3 mail/send over fetch: works unchanged on Node and Workers, and costs the worker bundle nothing
 * (the @sendgrid/mail package pulls in an HTTP client of its own).
 */
export function sendGridTransport(options: SendGridOptions): MailTransport {
  const endpoint = `${(options.apiUrl ?? 'https://api.sendgrid.com').replace(/\/+$/, '')}/v3/mail/send`;
  const from = parseAddress(options.from);
  const doFetch = options.fetch ?? globalThis.fetch;
  return {
    name: 'sendgrid',
    async send(mail) {
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            personalizations: [{ to: [{ email: mail.to }] }],
            from,
            subject: mail.subject,
            content: [
              { type: 'text/plain', value: mail.text },
              { type: 'text/html', value: mail.html },
            ],
            ...(mail.attachments?.length
              ? {
                  attachments: mail.attachments.map((file) => ({
                    content: toBase64(file.content),
                    filename: file.filename,
                    type: file.contentType,
                    disposition: 'attachment',
                  })),
                }
              : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (err) {
        const reason = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : String(err);
        throw new MailDeliveryError(`SendGrid request failed: ${reason}`, true);
      }
      if (response.status === 202 || response.status === 200) return 'sent';
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      // 429 and 5xx are SendGrid's own trouble; other 4xx mean this message will never be accepted as it is.
      const retryable = response.status === 429 || response.status >= 500;
      throw new MailDeliveryError(`SendGrid answered ${response.status}: ${detail}`, retryable);
    },
  };
}

/**
 * No provider configured: the message is printed, so a newcomer can follow a link from it (DESIGN section 6).
 * Attachments are named with their size; where the host can keep files (`saveAttachment`, the Node host's
 * `.data/mail/`), each is written there and its path printed, so an invoice's PDF can be opened.
 */
export function logTransport(print: (text: string) => void, saveAttachment?: (file: MailAttachment) => Promise<string>): MailTransport {
  return {
    name: 'log',
    async send(mail) {
      const files: string[] = [];
      for (const file of mail.attachments ?? []) {
        const where = saveAttachment ? ` → ${await saveAttachment(file)}` : '';
        files.push(`Attachment: ${file.filename} (${file.contentType}, ${file.content.length} bytes)${where}`);
      }
      const head = [`To: ${mail.to}`, `Subject: ${mail.subject}`, ...files].join('\n');
      print(`\n──── e-mail (local mail log) ────\n${head}\n\n${mail.text}\n─────────────────────────────────\n`);
      return 'logged';
    },
  };
}
