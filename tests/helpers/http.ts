/** Response bodies in tests are checked field by field, so they are read untyped. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const readJson = async (res: Response): Promise<any> => res.json();

/**
 * A request through node:http, which sends the headers exactly as given, Host included (fetch would put the URL's
 * host there): what a DNS-rebinding page or a hand-made client can do.
 */
export async function rawRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
