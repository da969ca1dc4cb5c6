import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry secrets: session tokens (download links, token sign-in links),
 * password-reset tokens (/user/recover?token=), captcha answers (?code=) and the user codes of
 * device sign-ins (/device?user_code=: whoever reads one could approve it with their own account
 * and slip their token to the waiting command line). Logged URLs keep the parameter's name but
 * not its value.
 */
const SECRET_KEYS = new Set([
  'token',
  'ticket',
  'code',
  'access_token',
  'password',
  'user_code',
  'device_code',
]);

/** A query key as the server reads it (decoded, any case), so `%74oken` is `token` here too. */
function keyOf(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    // Undecodable: not a key the server would read as a secret's, but say nothing of its value.
    return 'token';
  }
}

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const hashAt = url.indexOf('#', queryAt);
  const query = url.slice(queryAt + 1, hashAt < 0 ? undefined : hashAt);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SECRET_KEYS.has(keyOf(key)) ? `${key}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt + 1)}${redacted}${hashAt < 0 ? '' : url.slice(hashAt)}`;
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
