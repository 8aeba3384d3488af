/** What the request log keeps of an API call's bodies: the start of each, with every secret redacted. */

/** Characters of a body kept: enough to read a request or an error, never a whole list. */
export const MAX_BODY = 4096;

/**
 * Fields whose value is a secret wherever they appear: a new API key, the webhook signing secret,
 * passwords, invitation and session tokens, a TOTP secret and its URL, recovery codes.
 */
const SECRET_FIELDS = [
  'key',
  'secret',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'csrfToken',
  'inviteUrl',
  'otpauthUrl',
  'totpSecret',
  'recoveryCodes',
  'code',
];

/**
 * A secret field and its value: a string (closed, or cut off by the excerpt's end) or an array of
 * strings. `code` is a secret only as a request's one-time code: an error body's `code` is the
 * exceptions.* name, which stays (below).
 */
const SECRET_VALUE = new RegExp(`"(${SECRET_FIELDS.join('|')})"(\\s*:\\s*)(?:"(?:[^"\\\\]|\\\\.)*(?:"|$)|\\[[^\\]]*(?:\\]|$))`, 'g');
/** The service's own credentials anywhere in a value (lib/auth/api-keys.ts, modules/admin/admin-token.ts). */
const CREDENTIAL = /(?:cgk|cga)_[A-Za-z0-9_-]*/gi;
/** A string that is exactly 32 random bytes in base64url: a session, CSRF or invitation token. */
const RANDOM_TOKEN = /"[A-Za-z0-9_-]{43}"/g;

/**
 * The start of a body as the log keeps it (at most MAX_BODY characters), secrets redacted; null
 * for no body. Cut first, then redacted, so a value cut off at the end is redacted too.
 */
export function bodyExcerpt(text: string | undefined | null): string | null {
  if (text === undefined || text === null || text === '') return null;
  return text
    .slice(0, MAX_BODY)
    .replace(SECRET_VALUE, (whole, field: string, colon: string) =>
      field === 'code' && /^"code"\s*:\s*"exceptions\./.test(whole) ? whole : `"${field}"${colon}"[redacted]"`,
    )
    .replace(CREDENTIAL, '[redacted]')
    .replace(RANDOM_TOKEN, '"[redacted]"');
}
