// Password hashing on the Node host: argon2id through the native @node-rs/argon2 addon. hash/verify run on the
// libuv thread pool, so a sign-in never blocks the event loop (issue 5, `npm run bench:auth`).
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_PARAMS, type PasswordHasher } from '../domain/auth/passwords';

/**
 * `Algorithm.Argon2id` of @node-rs/argon2. Its `Algorithm` is a `declare const enum`, which cannot be imported under
 * isolatedModules / verbatimModuleSyntax, so the value is spelled out (node_modules/@node-rs/argon2/index.d.ts).
 */
const ARGON2ID = 2;

const options = {
  algorithm: ARGON2ID,
  memoryCost: ARGON2_PARAMS.memoryCost,
  timeCost: ARGON2_PARAMS.timeCost,
  parallelism: ARGON2_PARAMS.parallelism,
  outputLen: ARGON2_PARAMS.outputLength,
};

/**
 * At most this many hashes run at once: every core but one, so a burst of sign-ins leaves a core for the event
 * loop and the rest of the site stays responsive (bench:auth measures health latency during sign-ins).
 */
const MAX_PARALLEL = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export const nodePasswordHasher: PasswordHasher = {
  // Version defaults to 0x13 (v=19), the output is the PHC string $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>.
  hash: (password) => limited(() => hash(password, { ...options, salt: randomBytes(ARGON2_PARAMS.saltLength) })),

  async verify(phcHash, password) {
    try {
      // Parameters, salt and variant come from the PHC string itself.
      return await limited(() => verify(phcHash, password));
    } catch {
      // "Decoding failed" and the like: a hash this hasher cannot read is simply not a match.
      return false;
    }
  },
};
