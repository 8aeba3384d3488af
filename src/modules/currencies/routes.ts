import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Crypto and fiat catalogues. */
export const currencyRoutes: FastifyPluginAsyncTypebox = async () => {};
