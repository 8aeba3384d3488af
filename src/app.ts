import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { frameworkErrors, registerErrorHandling } from './lib/http/error-handler.ts';
import { createMetrics, registerAvailabilityMetrics, registerRequestMetrics, type Metrics } from './lib/http/metrics.ts';
import { registerStateMetrics } from './metrics.ts';
import { registerSweeperMetrics } from './modules/ledger/metrics.ts';
import { FailureLimiter, RateLimiter } from './lib/http/rate-limit.ts';
import { AMOUNTS_RULE } from './lib/http/schemas.ts';
import { connectionGuard, registerSecurityHeaders } from './lib/http/hardening.ts';
import { registerSecurity } from './lib/http/security.ts';
import { configuredSecrets, secretScrubber, serializeRequest } from './lib/http/log-redaction.ts';
import { lazySerializers } from './lib/http/serialization.ts';
import { inputProblem, validatorCompiler } from './lib/http/validation.ts';
import { AppError } from './lib/errors.ts';
import { checkAdminToken } from './modules/admin/admin-token.ts';
import { tenantAdminRoutes } from './modules/tenants/routes.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { balanceRoutes } from './modules/ledger/routes.ts';
import { depositRoutes } from './modules/deposits/routes.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { payRoutes } from './modules/pay/routes.ts';
import { paymentLinkRoutes } from './modules/payment-links/routes.ts';
import { paymentLinkPageRoutes } from './modules/payment-links/page-routes.ts';
import { planRoutes } from './modules/subscriptions/plan-routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { portalRoutes } from './modules/subscriptions/portal-routes.ts';
import { sandboxChainRoutes } from './chains/sandbox/routes.ts';
import { addressProvisionRoutes } from './modules/address-provision/routes.ts';
import { currencyAssetRoutes, currencyRoutes, sandboxFeeRoutes } from './modules/currencies/routes.ts';
import { listenForChanges } from './lib/db/notify.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { webhookReferenceRoutes } from './modules/webhooks/reference-routes.ts';
import { webhookAdminRoutes } from './modules/webhooks/admin-routes.ts';
import { coldStorageRoutes } from './modules/cold-storage/routes.ts';
import { withdrawalAdminRoutes, withdrawalApprovalAdminRoutes, withdrawalRoutes } from './modules/withdrawals/routes.ts';
import { backupRoutes } from './modules/backup/routes.ts';
import { conversionRoutes } from './modules/conversions/routes.ts';
import { x402Routes } from './modules/x402/routes.ts';
import { x402PublicDiscoveryRoutes } from './modules/x402/resource-routes.ts';
import { merchantKeyRoutes } from './modules/tenants/merchant-key-routes.ts';
import { settingsRoutes } from './modules/tenants/settings-routes.ts';
import { emailRoutes } from './modules/email/routes.ts';
import { webhookMerchantRoutes } from './modules/webhooks/merchant-routes.ts';
import { requestLogRoutes } from './modules/request-log/routes.ts';
import { registerRequestLog } from './modules/request-log/recorder.ts';
import { exportRoutes } from './modules/exports/routes.ts';
import { statsRoutes } from './modules/stats/routes.ts';
import { authRoutes } from './modules/users/auth-routes.ts';
import { userAdminRoutes, userRoutes } from './modules/users/routes.ts';
import { auditAdminRoutes, auditRoutes } from './modules/audit/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { solvencyRoutes } from './modules/solvency/routes.ts';
import { operationsRoutes } from './modules/operations/routes.ts';
import { unlistedTokenRoutes } from './modules/payments/unlisted-routes.ts';
import { heldPaymentRoutes } from './modules/screening/held-routes.ts';
import { payoutAdminRoutes, payoutRoutes } from './modules/payouts/index.ts';
import { named } from './lib/http/plugins.ts';

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    metrics: Metrics;
  }
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export interface BuildOptions {
  /** pino options, or false to stay silent (tests). */
  logger?: boolean | Record<string, unknown>;
}

/** Builds the HTTP service: the merchant API under /v1, the operator API under /admin, and operations. */
export async function buildApp(context: AppContext, options: BuildOptions = {}): Promise<App> {
  let ctx = context;
  const { config } = ctx;
  // Slow or greedy clients: header, request and idle deadlines, connection caps.
  const guard = connectionGuard(config.http, config.trustProxy);
  const app = Fastify(fastifyOptions(config, options, guard.options)).withTypeProvider<TypeBoxTypeProvider>();

  if (!ctx.changes) {
    const changes = await listenForChanges(ctx.database);
    ctx = { ...ctx, changes };
    app.addHook('onClose', async () => changes.close());
  }
  app.decorate('ctx', ctx);
  const metrics = createMetrics();
  registerStateMetrics(metrics.registry, ctx.db, ctx.database.availability);
  registerAvailabilityMetrics(metrics.registry, ctx.database.availability);
  registerSweeperMetrics(metrics.registry, config);
  app.decorate('metrics', metrics);
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app, ctx.database.availability);
  ctx.database.availability.logTo(app.log);
  registerRequestMetrics(app, metrics);
  registerRequestHooks(app);

  registerSecurity(app, {
    ctx,
    rateLimiter: new RateLimiter(config.rateLimit, ctx.redis),
    adminFailures: new FailureLimiter(config.adminAuthFailures, ctx.redis, 'cg:adminfail'),
    loginFailures: new FailureLimiter(config.loginFailures, ctx.redis, 'cg:loginfail'),
    publicBaseUrl: config.publicBaseUrl,
    checkAdminToken: (token) => checkAdminToken(app.ctx, token),
    operatorsNeedTotp: config.mode === 'live',
  });
  registerSecurityHeaders(app);
  // Every /v1 call with a principal, buffered and written in batches (GET /v1/request-log).
  registerRequestLog(app, ctx.db);

  await registerDocs(app, config);
  await registerRoutes(app, config);
  return app;
}

/** Fastify's options: logging (redacted, scrubbed of configured secrets), limits, request ids. */
function fastifyOptions(
  config: Config,
  options: BuildOptions,
  guarded: ReturnType<typeof connectionGuard>['options'],
): FastifyHttpOptions<Server> {
  const scrub = secretScrubber(configuredSecrets(config));
  return {
    ...guarded,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers["x-tenant-api-key"]', 'req.headers.authorization'],
            // Keys or tokens a client put in the query string stay out of the logs.
            serializers: { req: serializeRequest },
            // Secrets an error message may quote (an RPC URL with its API key, say) never reach the log.
            ...(scrub ? { hooks: { streamWrite: scrub } } : {}),
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Answered below with the API's error body instead of Fastify's own.
    return503OnClosing: false,
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
  };
}

/**
 * Every request: its id echoed, refused with 503 once shutdown began (the load balancer retries
 * it elsewhere), JSON only, and inputs the database cannot store refused as bad input.
 */
function registerRequestHooks(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks where nothing is awaited: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // A new request on a kept-alive connection while shutting down: the load balancer retries it.
    if (!closing) return done();
    reply.header('connection', 'close');
    done(new AppError('exceptions.service.unavailable'));
  });
  // The API speaks JSON only: other media types are 415, not parsed as text.
  app.removeContentTypeParser(['text/plain']);
  // Text and jsonb columns cannot hold NUL or lone surrogates, and very deep JSON overflows the
  // stack: refuse them as bad input instead of failing in the database or the serializer.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [location, value] of [
      ['querystring', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const problem = inputProblem(value);
      if (problem) return done(new AppError('exceptions.validation.failed', { fields: [{ location, field: '', message: problem }] }));
    }
    done();
  });
}

/** The OpenAPI document (generated from the route schemas) and its viewer at /docs. */
async function registerDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Crypto payment gateway API',
        version: '1.0.0',
        description: `Merchant API (under /v1, \`x-tenant-api-key\`) and operator API (under /admin, bearer token).\n\n${AMOUNTS_RULE}`,
      },
      servers: [{ url: config.publicBaseUrl }],
      components: {
        securitySchemes: {
          tenantApiKey: { type: 'apiKey', in: 'header', name: 'x-tenant-api-key' },
          adminToken: { type: 'http', scheme: 'bearer' },
          // The dashboard's session (POST /auth/login); its writes also send x-csrf-token.
          session: { type: 'apiKey', in: 'cookie', name: 'cg_session' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}

/** Operations, the payment page, the operator API under /admin and the merchant API under /v1. */
async function registerRoutes(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(named(systemRoutes));
  await app.register(named(currencyAssetRoutes));
  await app.register(named(payRoutes));
  await app.register(named(paymentLinkPageRoutes));
  await app.register(named(x402PublicDiscoveryRoutes));
  await app.register(named(portalRoutes));
  await app.register(named(dashboardRoutes));
  await app.register(named(authRoutes), { prefix: '/auth' });
  await app.register(named(tenantAdminRoutes), { prefix: '/admin' });
  await app.register(named(userAdminRoutes), { prefix: '/admin' });
  await app.register(named(auditAdminRoutes), { prefix: '/admin' });
  // Sandbox controls exist only in a sandbox installation: in live mode they are unknown routes (404).
  if (config.mode === 'sandbox') {
    await app.register(named(sandboxFeeRoutes), { prefix: '/admin' });
    await app.register(named(sandboxChainRoutes), { prefix: '/admin' });
  }
  await app.register(named(webhookAdminRoutes), { prefix: '/admin' });
  await app.register(named(withdrawalAdminRoutes), { prefix: '/admin' });
  await app.register(named(withdrawalApprovalAdminRoutes), { prefix: '/admin' });
  await app.register(named(solvencyRoutes), { prefix: '/admin' });
  await app.register(named(coldStorageRoutes), { prefix: '/admin' });
  await app.register(named(operationsRoutes), { prefix: '/admin' });
  await app.register(named(unlistedTokenRoutes), { prefix: '/admin' });
  await app.register(named(heldPaymentRoutes), { prefix: '/admin' });
  await app.register(named(backupRoutes), { prefix: '/admin' });
  await app.register(named(payoutAdminRoutes), { prefix: '/admin' });
  await app.register(
    named(async function v1Routes(v1: FastifyInstance) {
      await v1.register(named(accountRoutes));
      await v1.register(named(balanceRoutes));
      await v1.register(named(invoiceRoutes));
      await v1.register(named(paymentLinkRoutes));
      await v1.register(named(planRoutes));
      await v1.register(named(subscriptionRoutes));
      await v1.register(named(depositRoutes));
      await v1.register(named(paymentRoutes));
      await v1.register(named(withdrawalRoutes));
      await v1.register(named(payoutRoutes));
      await v1.register(named(conversionRoutes));
      await v1.register(named(x402Routes));
      await v1.register(named(currencyRoutes));
      await v1.register(named(addressProvisionRoutes));
      await v1.register(named(webhookReferenceRoutes));
      await v1.register(named(merchantKeyRoutes));
      await v1.register(named(webhookMerchantRoutes));
      await v1.register(named(requestLogRoutes));
      await v1.register(named(settingsRoutes));
      await v1.register(named(emailRoutes));
      await v1.register(named(exportRoutes));
      await v1.register(named(statsRoutes));
      await v1.register(named(userRoutes));
      await v1.register(named(auditRoutes));
    }),
    { prefix: '/v1' },
  );
}
