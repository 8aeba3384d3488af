import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseAvailability } from '../db/availability.ts';
import { isDatabaseUnavailable } from '../db/index.ts';
import { AppError, ERRORS, type ErrorCode } from '../errors.ts';
import { stringifyExact } from '../exact-json.ts';
import { decodeUtf8, foreignCharset, keepInexactNumbers, scanJson, sentBodies } from './json-body.ts';
import { describeValidationErrors } from './validation.ts';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'exceptions.request.malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'exceptions.request.malformedJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'exceptions.request.bodyTooLarge',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'exceptions.validation.failed',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'exceptions.request.unsupportedMediaType',
  FST_ERR_CTP_INVALID_TYPE: 'exceptions.request.unsupportedMediaType',
};

/** Seconds a client is told to wait before trying again while the service is unavailable. */
export const SERVICE_RETRY_AFTER_S = 5;

/** Maps anything thrown while serving a request to the one error catalogue. */
function toAppError(err: FastifyError, request: FastifyRequest): AppError {
  if (err instanceof AppError) return err;
  if (err.validation) {
    return new AppError('exceptions.validation.failed', {
      fields: describeValidationErrors(err.validation, err.validationContext ?? 'body'),
    });
  }
  const code = err.code ? FASTIFY_CODES[err.code] : undefined;
  if (code) {
    return code === 'exceptions.validation.failed'
      ? new AppError(code, { fields: [{ location: 'headers', field: 'content-length', message: err.message }] })
      : new AppError(code);
  }
  if (err instanceof SyntaxError && (err as FastifyError).statusCode === 400) {
    return new AppError('exceptions.request.malformedJson');
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    // Any other client error Fastify raises (bad URL encoding, over-long path parameter, bad
    // headers): a validation failure, with `fields` like every other one so clients find it there.
    const inUrl = err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH';
    return new AppError('exceptions.validation.failed', {
      fields: [{ location: inUrl ? 'url' : 'request', field: '', message: err.message }],
    });
  }
  if (isDatabaseUnavailable(err)) return new AppError('exceptions.service.unavailable', { database: 'unreachable' });
  request.log.error({ err }, 'unhandled error');
  return new AppError('exceptions.internal');
}

/**
 * For Fastify's `frameworkErrors` option: errors the router raises before any hook runs (a path
 * that is not valid percent-encoding, a path parameter over `maxParamLength`). Without it Fastify
 * answers those with its own body and no x-request-id.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(err, request);
  // These replies skip the onSend hooks, so they carry the error headers of every other error here.
  void reply
    .header('x-request-id', request.id)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .status(appError.statusCode)
    .send(appError.toBody());
}

/**
 * Renders every error as the API's body `{ code, message, extension? }`; nothing else leaves.
 * A database outage is reported to `availability`, which logs it once, not once per request.
 */
export function registerErrorHandling(app: FastifyInstance, availability?: DatabaseAvailability): void {
  registerJsonBodyParser(app);

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const appError = toAppError(err, request);
    if (availability?.noteFailure(err)) request.log.debug({ err }, 'database unreachable');
    else if (appError.statusCode >= 500 && appError.code !== 'exceptions.internal') {
      request.log.warn({ code: appError.code }, appError.message);
    }
    // Unavailable for now (the database is away, or this instance is stopping): try again shortly.
    if (appError.code === 'exceptions.service.unavailable' && !reply.hasHeader('retry-after'))
      reply.header('retry-after', SERVICE_RETRY_AFTER_S);
    // An extension may carry amounts (a minimum, the balance required): written exactly, as numbers.
    return reply.status(appError.statusCode).type('application/json; charset=utf-8').send(stringifyExact(appError.toBody()));
  });

  app.setNotFoundHandler((request, reply) => {
    const [status] = ERRORS['exceptions.route.notFound'];
    return reply
      .status(status)
      .send(new AppError('exceptions.route.notFound', { method: request.method, url: request.url.split('?')[0] }).toBody());
  });
}

/**
 * The parser of JSON bodies. A bodiless POST or DELETE sent with `content-type: application/json`
 * (as many clients always send it) has no body, rather than a malformed one: an empty body is no body. Prototype-poisoning
 * keys (`__proto__`, `constructor.prototype`) are dropped like any other unknown field.
 * The body is read as bytes and decoded here, strictly: bytes that are not UTF-8, a declared
 * charset other than UTF-8, and a key repeated within one object are refused, never rewritten
 * (with U+FFFD, another decoding, or whichever repeat JSON.parse happens to keep).
 */
function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0) return done(null, undefined);
    const charset = foreignCharset(request.headers['content-type']);
    if (charset !== undefined) {
      return done(
        new AppError('exceptions.request.unsupportedMediaType', { charset }, 'The request body must be application/json in UTF-8'),
        undefined,
      );
    }
    const text = decodeUtf8(bytes);
    if (text === undefined) return done(new AppError('exceptions.request.invalidEncoding'), undefined);
    sentBodies.set(request, text);
    parseJson(request, text, (err, value) => {
      if (err) return done(err, undefined);
      const { repeated, inexact } = scanJson(text);
      keepInexactNumbers(request, inexact);
      if (repeated) {
        const field = repeated.join('.');
        return done(
          new AppError('exceptions.validation.failed', {
            fields: [
              { location: 'body', field, message: `must not appear more than once in its object (key "${String(repeated.at(-1))}")` },
            ],
          }),
          undefined,
        );
      }
      done(null, value);
    });
  });
}
