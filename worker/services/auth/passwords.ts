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
