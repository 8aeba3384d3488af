/** Mail: the SMTP server mail is sent through, and the sender. */
import { ConfigError, secret, setting } from './env.ts';

/** A mailbox: an address and, optionally, the name shown before it. */
export interface Mailbox {
  name: string | null;
  address: string;
}

export interface EmailSettings {
  /** `smtp://` or `smtps://`, credentials in it (from SMTP_URL or SMTP_URL_FILE). */
  smtpUrl: string;
  from: Mailbox;
}

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+$/;

/** `address` or `Name <address>`; anything else is refused. */
export function parseMailbox(name: string, raw: string): Mailbox {
  const text = raw.trim();
  const m = /^(?:"?([^"<>]*?)"?\s*)<([^<>]+)>$/.exec(text);
  const address = (m ? (m[2] ?? '') : text).trim();
  if (!ADDRESS.test(address)) throw new ConfigError(`${name} must be an address or "Name <address>", got "${raw}"`);
  return { name: m?.[1]?.trim() || null, address };
}

/**
 * The mail settings, or null when SMTP_URL is unset: then nothing is ever mailed. The sender
 * defaults to no-reply at the public host (PUBLIC_BASE_URL's, else HOST's).
 */
export function emailSettings(env: NodeJS.ProcessEnv, publicBaseUrl: string): EmailSettings | null {
  const smtpUrl = secret(env, 'SMTP_URL');
  if (!smtpUrl) return null;
  if (!URL.canParse(smtpUrl) || !/^smtps?:$/.test(new URL(smtpUrl).protocol) || !new URL(smtpUrl).hostname) {
    // The URL may hold a password: it is not repeated.
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL with a host');
  }
  const host = URL.canParse(publicBaseUrl) ? new URL(publicBaseUrl).hostname : 'localhost';
  const from = parseMailbox('EMAIL_FROM', setting(env, 'EMAIL_FROM') ?? `no-reply@${host}`);
  return { smtpUrl, from };
}
