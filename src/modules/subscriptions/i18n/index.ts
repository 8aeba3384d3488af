/**
 * The words of the subscription mails and the customer portal, in every language of the payment
 * page: the same languages, the same choice of one (`pay/i18n`), one dictionary per language typed
 * by the English one, `{name}` placeholders filled by the page's `fill`.
 */
import { fill, type Language } from '../../pay/i18n/index.ts';
import { de } from './de.ts';
import { en, type SubscriptionDictionary } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import { tr } from './tr.ts';
import { zh } from './zh.ts';

export type { SubscriptionDictionary } from './en.ts';

/** Every language of the payment page with its subscription words (a language missing here does not compile). */
export const SUBSCRIPTION_DICTIONARIES: Record<Language, SubscriptionDictionary> = { en, es, de, fr, pt, ru, tr, zh };

/** A sentence of the dictionary with its {placeholders} filled in (a value not given stays as written). */
export function say(t: SubscriptionDictionary, key: keyof SubscriptionDictionary, vars: Record<string, string | number> = {}): string {
  return fill(t[key], vars);
}
