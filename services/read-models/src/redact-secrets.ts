/**
 * Password hashes in the PHC string format (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`, also
 * `$argon2i$`, `$argon2d$`, `$scrypt$`, bcrypt's `$2b$`): the prefix, then base64 characters,
 * `$`, `=`, and a comma only where another parameter (`t=`) follows.
 */
const PASSWORD_HASH = /\$(?:argon2(?:id|i|d)|scrypt|2[abxy])\$(?:[\w+/.=$-]|,(?=\w+=))*/g;

/**
 * `text` with every password hash replaced by `[Redacted]`. Database messages can quote a value
 * ('Failing row contains (…)', 'invalid input syntax …: "…"'), so texts that leave the database
 * for a log line or the parked-events table pass through here.
 * Example: `'row (7, dana, $argon2id$v=19$m=1$abc$def)'` → `'row (7, dana, [Redacted])'`.
 */
export function redactSecrets(text: string): string {
  return text.replace(PASSWORD_HASH, '[Redacted]');
}
