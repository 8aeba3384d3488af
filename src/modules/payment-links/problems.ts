import type { AppError } from '../../lib/errors.ts';
import { knownFiat } from '../../lib/currencies/catalogue.ts';
import type { PageLanguage } from '../pay/i18n/index.ts';
import { amountBounds } from './checkout.ts';
import { fiatText, type FormProblem } from './page.ts';
import type { LinkView } from './record.ts';
import { LINK_WORDS } from './words.ts';

/** The field a validation error names, when it is one the page has. */
function fieldOf(err: AppError): FormProblem['field'] {
  const fields = (err.extension?.fields ?? []) as Array<{ field?: string }>;
  const field = fields[0]?.field;
  return field === 'amount' || field === 'quantity' || field === 'email' ? field : null;
}

/**
 * A refusal of the customer's payment in the page's words, on the field it concerns; null when the
 * link itself refuses (turned off, expired, used up: the page then says so instead of the form).
 */
export function problemOf(err: AppError, link: LinkView, language: PageLanguage): FormProblem | null {
  const w = LINK_WORDS[language.lang];
  const fiat = knownFiat(link.fiat_currency);
  const fill = (text: string, vars: Record<string, string>) => text.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
  switch (err.code) {
    case 'exceptions.paymentLink.disabled':
    case 'exceptions.paymentLink.expired':
    case 'exceptions.paymentLink.usedUp':
      return null;
    case 'exceptions.paymentLink.amountOutOfRange':
    case 'exceptions.invoice.amountBelowMinimum': {
      const { min, max } = amountBounds(link, fiat);
      return {
        field: 'amount',
        text: fill(w['error.amountRange'], { min: fiatText(min, fiat, language.locale), max: fiatText(max, fiat, language.locale) }),
      };
    }
    case 'exceptions.invoice.amountInvalidDecimalPlaces':
      return { field: 'amount', text: fill(w['error.decimals'], { decimals: String(fiat.decimals) }) };
    case 'exceptions.paymentLink.quantityOutOfRange':
      return { field: 'quantity', text: fill(w['error.quantity'], { max: String(link.max_quantity ?? 1) }) };
    case 'exceptions.validation.failed': {
      const field = fieldOf(err);
      if (field === 'amount') return { field, text: w['error.amount'] };
      if (field === 'email') return { field, text: w['error.email'] };
      if (field === 'quantity') return { field, text: fill(w['error.quantity'], { max: String(link.max_quantity ?? 1) }) };
      return { field: null, text: w['error.generic'] };
    }
    default:
      return { field: null, text: w['error.generic'] };
  }
}
