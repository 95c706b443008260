import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Passwords are hashed with Argon2id at OWASP's recommended minimum (19 MiB, 2 passes, one
 * lane). The parameters are written into each hash (the PHC string `$argon2id$v=19$m=…,t=…,p=…`),
 * so a hash made under older parameters is recognised and renewed at the next sign-in.
 */
// The package's Algorithm is a const enum, which this build cannot read as a value: 2 is Argon2id.
export const PASSWORD_HASH_OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export async function passwordMatches(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash matches nothing.
    return false;
  }
}

/** Whether a stored hash was made with other parameters than today's, and should be made again. */
export function needsRehash(storedHash: string): boolean {
  const { memoryCost, timeCost, parallelism } = PASSWORD_HASH_OPTIONS;
  return !storedHash.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`);
}

/**
 * A hash of a password nobody knows, verified when the email is unknown, so an unknown
 * email costs the same time as a wrong password and the answer's timing tells nothing.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoy;
}
