import { AppError } from '../../lib/errors.ts';
import { isPublicHttpsUrl } from '../../lib/http/urls.ts';

/** The tenant's default webhook URLs as a request sets them; null clears one. */
export interface WebhookUrls {
  webhookUrl?: string | null;
  depositWebhookUrl?: string | null;
}

/** Each URL being set must be a public, TLD-qualified HTTPS URL (else 400 naming every bad field). */
export function checkWebhookUrls(body: WebhookUrls, opts: { webhookAllowPrivate: boolean }): void {
  const bad = (['webhookUrl', 'depositWebhookUrl'] as const).filter((f) => typeof body[f] === 'string' && !isPublicHttpsUrl(body[f], opts));
  if (bad.length > 0) {
    throw new AppError('exceptions.validation.failed', {
      fields: bad.map((field) => ({ location: 'body', field, message: 'must be a public, TLD-qualified HTTPS URL' })),
    });
  }
}
