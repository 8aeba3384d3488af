import { ModuleProvider, Modules } from '@medusajs/framework/utils';
import { CryptogateProviderService } from './service';

export { CryptogateProviderService } from './service';
export { CryptogateOptionsError, type CryptogateOptions } from './options';
export { sessionStatus, webhookAction } from './status';

/** The module provider Medusa loads from `resolve: "medusa-payment-cryptogate"`. */
export default ModuleProvider(Modules.PAYMENT, {
  services: [CryptogateProviderService],
});
