/// <reference path="./wasm.d.ts" />
// Password hashing on the Workers host: argon2id from the @phi-ag/argon2 WebAssembly build. Workers cannot compile
// WebAssembly from bytes at run time, so the precompiled module is imported (wrangler's default CompiledWasm rule)
// and only instantiated here. Nothing Node-only may be imported from this file.
import Argon2, { Argon2Type, Argon2Version } from '@phi-ag/argon2';
import wasm from '@phi-ag/argon2/argon2.wasm';
import { ARGON2_PARAMS, type PasswordHasher } from '../domain/auth/passwords';

const options = {
  type: Argon2Type.Argon2id,
  version: Argon2Version.Version13,
  memoryCost: ARGON2_PARAMS.memoryCost,
  timeCost: ARGON2_PARAMS.timeCost,
  parallelism: ARGON2_PARAMS.parallelism,
  hashLength: ARGON2_PARAMS.outputLength,
};

/** One instance per isolate, created on first use (not at module load, so a cold start that hashes nothing is free). */
let instance: Promise<Argon2> | null = null;

function argon2(): Promise<Argon2> {
  if (!instance) {
    const created = WebAssembly.instantiate(wasm).then((compiled) => new Argon2(compiled));
    // A failed instantiation is not kept: the next call tries again.
    created.catch(() => {
      if (instance === created) instance = null;
    });
    instance = created;
  }
  return instance;
}

const encoder = new TextEncoder();

/**
 * @phi-ag/argon2 (0.5.x) copies the password to wasm memory as UTF-8 but passes `password.length` (UTF-16 code units)
 * as its length, so a non-ASCII password is cut short: "Õunapuu1ä" and "Õunapuu1ö" would hash the same bytes and
 * neither would match @node-rs/argon2. Appending one NUL per missing byte makes `.length` equal the UTF-8 byte count
 * while the first bytes stay the password's exact UTF-8 encoding; the NULs after it are not hashed. Covered by the
 * non-ASCII cross-checks in tests/api/passwords.test.ts, which fail if a future version fixes this upstream.
 */
function sized(password: string): string {
  const missing = encoder.encode(password).length - password.length;
  return missing > 0 ? password + '\0'.repeat(missing) : password;
}

export const workersPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = crypto.getRandomValues(new Uint8Array(ARGON2_PARAMS.saltLength));
    const hasher = await argon2();
    try {
      return hasher.hash(sized(password), { ...options, salt }).encoded;
    } catch (err) {
      instance = null; // see verify
      throw err;
    }
  },

  async verify(phcHash, password) {
    // Only argon2id hashes are ours; anything else (another variant, bcrypt, garbage) is not a match.
    if (typeof phcHash !== 'string' || !phcHash.startsWith('$argon2id$')) return false;
    const hasher = await argon2();
    try {
      return hasher.tryVerify(phcHash, sized(password), Argon2Type.Argon2id).success;
    } catch {
      // A trap inside the module (e.g. a hash asking for more memory than the isolate has) may leave its heap in a
      // bad state: start from a fresh instance next time.
      instance = null;
      return false;
    }
  },
};
