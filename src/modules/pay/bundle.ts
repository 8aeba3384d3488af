/**
 * The payment page's scripts, TypeScript under ui/pay/ built by esbuild in this process
 * (`lib/http/ui-bundle.ts`): the page's own (`checkout`) and the small one of the "try again in a
 * moment" page (`unavailable`). Each is served under a name from a hash of its bytes
 * (`/pay/assets/checkout-1a2b3c4d5e6f.js`), kept by browsers for a year.
 */
import { fileURLToPath } from 'node:url';
import { bundleFile, uiBundle, type UiBundle } from '../../lib/http/ui-bundle.ts';

/** Where the scripts are served from. */
export const PAY_ASSETS = '/pay/assets/';

const build = uiBundle({
  name: 'pay',
  sourceDir: fileURLToPath(new URL('../../../ui/pay/', import.meta.url)),
  entryPoints: [
    { in: 'src/checkout.ts', out: 'checkout' },
    { in: 'src/unavailable.ts', out: 'unavailable' },
  ],
});

/** The built scripts, built once per process on first use (a failed build is tried again on the next request). */
export function payBundle(): Promise<UiBundle> {
  return build();
}

/** The paths the pages name their scripts by. */
export interface PayScripts {
  checkout: string;
  unavailable: string;
}

/** The current build's script paths. */
export async function payScripts(): Promise<PayScripts> {
  const bundle = await build();
  return {
    checkout: PAY_ASSETS + bundleFile(bundle, 'checkout.js').name,
    unavailable: PAY_ASSETS + bundleFile(bundle, 'unavailable.js').name,
  };
}

/** Builds the scripts in the background once the service listens, so the first customer does not wait; a broken build is logged and retried on request. */
export function warmPayScripts(log: { error(obj: object, msg: string): void }): void {
  build().catch((err: unknown) => log.error({ err }, 'the payment page script failed to build'));
}
