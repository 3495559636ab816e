import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubMode = 'accept' | 'fail' | 'hang' | 'reject';

export interface ReceivedMail {
  authorization: string | undefined;
  body: {
    personalizations: { to: { email: string }[] }[];
    from: { email: string; name?: string };
    subject: string;
    content: { type: string; value: string }[];
    attachments?: { content: string; filename: string; type: string; disposition: string }[];
  };
}

/**
 * A local stand-in for SendGrid's v3 `POST /v3/mail/send` (the only thing outside this machine the mail code talks
 * to). It can be told to accept (202), fail (503), hang (never answer) or reject (400) and records what it got.
 */
export async function startSendGridStub() {
  let mode: StubMode = 'accept';
  const received: ReceivedMail[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v3/mail/send') {
        res.writeHead(404).end();
        return;
      }
      if (mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (mode === 'fail') {
        res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"errors":[{"message":"Service Unavailable"}]}');
        return;
      }
      if (mode === 'reject') {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"errors":[{"message":"The from address does not match a verified Sender Identity."}]}');
        return;
      }
      received.push({ authorization: req.headers.authorization, body: JSON.parse(raw) as ReceivedMail['body'] });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setMode(next: StubMode) {
      mode = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
