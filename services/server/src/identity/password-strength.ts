import { ValidationError } from '@pitwall/domain';

/** zxcvbn scores 0–4; below this a password is refused (2: "somewhat guessable", ~10^8 guesses). */
const MIN_PASSWORD_SCORE = 2;

/** The estimator with the language-neutral dictionary (common passwords, names, keyboard graphs), built at the first check rather than at start. */
let estimator: Promise<{ check(password: string, userInputs: string[]): { score: number } }> | undefined;
function zxcvbn() {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) => new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  );
  return estimator;
}

/**
 * Refuses a password an attacker would guess, for a new account (team setup, a member added by
 * the owner or an admin). The 6-character minimum is the request schema's, with its own message;
 * this adds, each a ValidationError (400) naming `password`: only whitespace; containing the
 * username (any case); a zxcvbn score below MIN_PASSWORD_SCORE with `related` (the username,
 * names, e-mail, team name) counted as known words.
 */
export async function assertStrongPassword(password: string, username: string, related: readonly (string | null)[]): Promise<void> {
  if (password.trim() === '') throw new ValidationError('password: Password must not be only spaces');
  if (password.toLowerCase().includes(username.trim().toLowerCase())) throw new ValidationError('password: Password must not contain the username');
  const userInputs = [username, ...related].filter((word): word is string => !!word).flatMap((word) => [word, ...word.split(/[\s@._-]+/)]);
  const { score } = (await zxcvbn()).check(password, userInputs);
  if (score < MIN_PASSWORD_SCORE) {
    throw new ValidationError('password: Password is too easy to guess: use a longer one, e.g. three or four unrelated words');
  }
}
