import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, ERRORS, type ErrorCode } from '../errors.ts';
import { describeValidationErrors } from './validation.ts';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'exceptions.request.malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'exceptions.request.malformedJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'exceptions.request.bodyTooLarge',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'exceptions.validation.failed',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'exceptions.request.unsupportedMediaType',
  FST_ERR_CTP_INVALID_TYPE: 'exceptions.request.unsupportedMediaType',
};

/** Renders every error as the spec's body `{ code, message, extension? }`; nothing else leaves. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let appError: AppError;
    if (err instanceof AppError) {
      appError = err;
    } else if (err.validation) {
      appError = new AppError('exceptions.validation.failed', {
        fields: describeValidationErrors(err.validation, err.validationContext ?? 'body'),
      });
    } else if (err.code && FASTIFY_CODES[err.code]) {
      appError = new AppError(FASTIFY_CODES[err.code]!);
    } else if (err instanceof SyntaxError && (err as FastifyError).statusCode === 400) {
      appError = new AppError('exceptions.request.malformedJson');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Any other client error Fastify raises (bad URL encoding, bad headers): a validation failure.
      appError = new AppError('exceptions.validation.failed', { reason: err.message });
    } else {
      request.log.error({ err }, 'unhandled error');
      appError = new AppError('exceptions.internal');
    }
    if (appError.statusCode >= 500 && appError.code !== 'exceptions.internal') {
      request.log.warn({ code: appError.code }, appError.message);
    }
    return reply.status(appError.statusCode).send(appError.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const [status] = ERRORS['exceptions.route.notFound'];
    return reply.status(status).send(
      new AppError('exceptions.route.notFound', { method: request.method, url: request.url.split('?')[0] }).toBody(),
    );
  });
}
