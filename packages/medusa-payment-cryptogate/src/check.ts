import { GatewayClient, GatewayError } from './client';
import { CryptogateOptionsError, type CryptogateOptions, parseOptions } from './options';

/**
 * The options read and, unless `checkOnStart` is false, tried against the gateway: an unreachable
 * URL, a refused key or an account the key cannot act on stop Medusa's start with the option named.
 */
export async function checkOptions(raw: Record<string, unknown> | undefined): Promise<CryptogateOptions> {
  const options = parseOptions(raw);
  if (options.checkOnStart === false) return options;
  try {
    await new GatewayClient(options).checkKey();
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    if (err.status === 0) throw new CryptogateOptionsError('gatewayUrl', `cannot be reached: ${err.message} (or set checkOnStart: false)`);
    if (err.status === 401) throw new CryptogateOptionsError('apiKey', `was refused by the gateway (${err.code})`);
    if (err.status === 403) throw new CryptogateOptionsError('apiKey', `lacks a scope or this host's IP is not allowed (${err.code})`);
    if (err.status === 404 && options.accountId)
      throw new CryptogateOptionsError('accountId', `is not an account this key may act on (${err.code})`);
    throw new CryptogateOptionsError('gatewayUrl', `answered ${err.status} ${err.code}: is it the gateway's origin?`);
  }
  return options;
}
