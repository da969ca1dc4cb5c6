import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry secrets: session tokens (download links, token sign-in links),
 * password-reset tokens (/user/recover?token=) and captcha answers (?code=). Logged URLs keep
 * the parameter's name but not its value.
 */
const SECRET_QUERY = /([?&](?:token|ticket|code|access_token|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Fastify's request log line, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
