import ipaddr from 'ipaddr.js';

/**
 * A webhook URL as the API requires it: https, a TLD-qualified DNS name (no IP literal, no
 * localhost, no single-label or .local/.internal names). WEBHOOK_ALLOW_PRIVATE lifts this for
 * development and tests: then any http(s) URL is accepted. The address the name resolves to is
 * checked again at delivery time.
 */
export function isPublicHttpsUrl(value: string, opts: { webhookAllowPrivate: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (opts.webhookAllowPrivate) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (ipaddr.isValid(host.replace(/^\[|\]$/g, ''))) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1]!;
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/.test(tld)) return false;
  if (['localhost', 'local', 'internal', 'lan', 'home', 'corp', 'test', 'invalid', 'example', 'onion'].includes(tld)) {
    return false;
  }
  return labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l));
}

/** Any http or https URL, including local development hosts (returnUrl, successUrl, failedUrl). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
