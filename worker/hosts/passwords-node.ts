// Password hashing on the Node host: argon2id through the native @node-rs/argon2 addon. hash/verify run on the
// libuv thread pool, so a sign-in never blocks the event loop (issue 5, `npm run bench:auth`).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_PARAMS, type PasswordHasher } from '../services/auth/passwords';

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

export const nodePasswordHasher: PasswordHasher = {
  // Version defaults to 0x13 (v=19), the output is the PHC string $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>.
  hash: (password) => hash(password, { ...options, salt: randomBytes(ARGON2_PARAMS.saltLength) }),

  async verify(phcHash, password) {
    try {
      // Parameters, salt and variant come from the PHC string itself.
      return await verify(phcHash, password);
    } catch {
      // "Decoding failed" and the like: a hash this hasher cannot read is simply not a match.
      return false;
    }
  },
};
