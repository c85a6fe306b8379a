/** Password helpers shared by the server and the Add User screen (docs/behaviour.md §users). */

export type PasswordStrength = "Weak" | "Medium" | "Strong";

/**
 * Strong: at least 8 characters with lowercase, uppercase, digit and special.
 * Medium: at least 6 with a letter and a digit. Otherwise Weak.
 */
export function passwordStrength(password: string): PasswordStrength {
  const lower = /[a-z]/.test(password);
  const upper = /[A-Z]/.test(password);
  const digit = /\d/.test(password);
  const special = /[^A-Za-z0-9]/.test(password);
  if (password.length >= 8 && lower && upper && digit && special) return "Strong";
  if (password.length >= 6 && (lower || upper) && digit) return "Medium";
  return "Weak";
}

const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const LOWER = "abcdefghijkmnopqrstuvwxyz";
const DIGITS = "23456789";
const SYMBOLS = "!@#$%^&*()-_=+?";
const ALL = UPPER + LOWER + DIGITS + SYMBOLS;

/** Uniform random integer in [0, max) from the platform CSPRNG (browser and Node). */
function randomInt(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0] < limit) return buf[0] % max;
  }
}

/**
 * Generated password (docs/behaviour.md §users): `length` characters (12 by default) with at
 * least one upper, lower, digit and symbol, shuffled (Fisher–Yates).
 */
export function generatePassword(length = 12): string {
  const chars = [UPPER, LOWER, DIGITS, SYMBOLS].map((set) => set[randomInt(set.length)]);
  while (chars.length < length) chars.push(ALL[randomInt(ALL.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join("");
}
