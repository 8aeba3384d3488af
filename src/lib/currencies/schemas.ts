import { Type } from '@sinclair/typebox';
import { API_NETWORKS, CRYPTO_CODES } from './catalogue.ts';

/** The API's crypto currency code enum. */
export const CryptoCodeSchema = Type.Union(CRYPTO_CODES.map((c) => Type.Literal(c)));

/** The API's network enum. */
export const ApiNetworkSchema = Type.Union(API_NETWORKS.map((n) => Type.Literal(n)));
