import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import { responses } from '../../lib/http/schemas.ts';

/**
 * The deprecated address-provision operations. They stay disabled: every deposit gets its own
 * address from POST /deposit. Authentication and scope are still checked first.
 */
export const addressProvisionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const disabled = async () => {
    throw new AppError('exceptions.addressProvision.temporarilyDisabled');
  };
  const schema = (summary: string) => ({
    tags: ['address provisioning'],
    deprecated: true,
    summary,
    response: responses({ 200: Type.Object({}) }, [503]),
  });
  app.get(
    '/address-provision',
    { config: { scope: 'addressProvision.list', tenantLevel: true }, schema: schema('Disabled: always 503') },
    disabled,
  );
  app.post(
    '/address-provision',
    { config: { scope: 'addressProvision.create', tenantLevel: true }, schema: schema('Disabled: always 503; use POST /deposit') },
    disabled,
  );
};
