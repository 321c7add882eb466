/** The argon2 binding, loaded at the first sign-in or sign-up rather than at start. */
const argon2 = () => import('@node-rs/argon2');

/**
 * Password hashing with argon2id (RFC 9106) at the library's defaults (m=19456 KiB, t=2, p=1,
 * the OWASP Password Storage Cheat Sheet minimum). Answers a PHC string '$argon2id$v=19$...'.
 */
export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password);
}

/** Hash verified when a username does not exist, so timing does not reveal which usernames exist. */
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with a null hash, spends the same time and answers false. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    const { hash, verify } = await argon2();
    dummyHash ??= hash('no such user');
    const ok = await verify(passwordHash ?? (await dummyHash), password);
    return passwordHash !== null && ok;
  } catch {
    return false;
  }
}
