/**
 * Password hashing, injected by the host (DESIGN.md section 5): argon2id in PHC string format with the OWASP
 * minimum parameters. Node uses a native addon, Workers a WebAssembly build; hashes made by one verify in the other.
 */
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLength: 32, saltLength: 16 } as const;

export interface PasswordHasher {
  /** A PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>. */
  hash(password: string): Promise<string>;
  /** False for a wrong password or a hash this hasher cannot read; never throws for those. */
  verify(phcHash: string, password: string): Promise<boolean>;
}

/**
 * A real argon2id hash, with the parameters above, of a random password that was thrown away. Sign-in verifies an
 * unknown address's password against it, which costs what verifying an account's own hash costs. A test checks it
 * still carries ARGON2_PARAMS.
 */
export const UNKNOWN_ACCOUNT_HASH = '$argon2id$v=19$m=19456,t=2,p=1$1e/UooXTF39cUvo+wQFH/g$NSmGx1oEWQrb1m2AfKyeDs9LXd0du223F4RIMumO0xE';
