/**
 * The texts in force and their SHA-256 (issue 42): the hash over the exact text served (UTF-8), the one a signer's
 * client sends back to say which text it showed. Each version is hashed once per process.
 */
import { AGREEMENT_KINDS, type AgreementKind } from '../../../src/lib/agreement-labels';
import { versionInForce } from '../../../src/lib/agreements';
import { sha256Hex } from '../auth/tokens';

export interface TextInForce {
  version: string;
  text: string;
  sha256: string;
}

const hashes = new Map<string, Promise<string>>();
const hashOf = (kind: AgreementKind, version: string, text: string) => {
  const key = `${kind}/${version}`;
  let hash = hashes.get(key);
  if (!hash) hashes.set(key, (hash = sha256Hex(text)));
  return hash;
};

export async function textInForce(kind: AgreementKind, day: string): Promise<TextInForce> {
  const { version, text } = versionInForce(kind, day);
  return { version, text, sha256: await hashOf(kind, version, text) };
}

/** Both texts in force on the day: what GET /api/agreement-text answers. */
export async function textsInForce(day: string): Promise<Record<AgreementKind, TextInForce>> {
  const [terms, waiver] = await Promise.all(AGREEMENT_KINDS.map((kind) => textInForce(kind, day)));
  return { terms: terms!, waiver: waiver! };
}
