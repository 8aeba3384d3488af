import { AppError } from '../../lib/errors.ts';
import { webhookHostProblem, webhookUrlEntry, webhookUrlProblem, type HostLookup } from '../../lib/http/urls.ts';

/** The tenant's default webhook URLs as a request sets them; null clears one. */
export interface WebhookUrls {
  webhookUrl?: string | null;
  depositWebhookUrl?: string | null;
}

/**
 * Each URL being set must be a public, TLD-qualified HTTPS URL whose name DNS knows and resolves to
 * public addresses (else 400 naming every bad field, each with its `reason`). The names are looked
 * up only when the installation delivers to public hosts alone (not WEBHOOK_ALLOW_PRIVATE) and a
 * resolver is given: a default URL is set rarely, so asking DNS once is cheap, and a typo is said
 * at the field instead of in a log of failed deliveries.
 */
export async function checkWebhookUrls(body: WebhookUrls, opts: { webhookAllowPrivate: boolean }, lookup?: HostLookup): Promise<void> {
  const fields = (['webhookUrl', 'depositWebhookUrl'] as const).filter((f) => typeof body[f] === 'string');
  const problems = await Promise.all(
    fields.map(async (f) => {
      const value = body[f] as string;
      const problem =
        webhookUrlProblem(value, opts) ?? (lookup && !opts.webhookAllowPrivate ? await webhookHostProblem(value, lookup) : null);
      return problem && webhookUrlEntry(f, problem);
    }),
  );
  const bad = problems.filter((p) => p !== null);
  if (bad.length > 0) throw new AppError('exceptions.validation.failed', { fields: bad });
}
