import { type Envelope, ErrorCode } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { translate } from './i18n/messages';

/** The success envelope, with "success" in the request's language. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { success: true, code: ErrorCode.SUCCESS, message: translate(request.locale, 'SUCCESS'), data };
}
