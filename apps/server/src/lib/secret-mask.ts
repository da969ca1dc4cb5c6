/**
 * Hides the secrets the portal's own messages carry (verification codes, password and sign-in
 * links) from everyone but their recipient: log lines and the staff outbox show the message
 * with them masked. The templates are ours, so their secrets have two shapes: a 6-digit code
 * and a `token=` parameter (query or fragment) of a link.
 */
const LINK_TOKEN = /([?&#](?:token|ticket)=)[A-Za-z0-9_%.~-]*[A-Za-z0-9_%~-]/gi;
const CODE = /(?<![\d.])\d{6}(?!\d|\.\d)/g;
export const MASK = '••••••';

export function maskSecrets(text: string): string {
  return text.replace(LINK_TOKEN, `$1${MASK}`).replace(CODE, MASK);
}
