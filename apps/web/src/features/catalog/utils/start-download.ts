import { downloadPathOf } from '@portal/contract';
import { getCurrentLocale, i18n } from '@/lib/i18n';
import { getAccessToken } from '@/lib/session';

/** A download the server refused; `message` is the server's, already in the reader's language. */
export class DownloadRefused extends Error {
  override readonly name = 'DownloadRefused';
}

/**
 * A download address as a plain link: a signed-in reader's token travels as `?token=`, since
 * the browser's download manager cannot send an Authorization header.
 */
export function linkWithToken(path: string, anonymous = false): string {
  const params = new URLSearchParams({ locale: getCurrentLocale() });
  const token = anonymous ? undefined : getAccessToken();
  if (token) params.set('token', token);
  return `${path}?${params}`;
}

export const downloadUrlOf = (versionId: number, anonymous = false) =>
  linkWithToken(downloadPathOf(versionId), anonymous);

/** The envelope message of a refused GET, or the generic 'Download failed'. */
async function refusalMessage(url: string): Promise<string> {
  try {
    const answer = await fetch(url, { headers: { Accept: 'application/json' } });
    const body = (await answer.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not an envelope (proxy page, network): the generic message below says enough.
  }
  return i18n.t('catalog:download.failed');
}

/**
 * Checks with HEAD (no bytes sent) that the file may be fetched, then hands the
 * link to the browser, which streams the file to disk and can resume it. A refusal rejects with
 * the server's translated reason ('File does not exist', no permission, ...).
 */
export async function startDownload(versionId: number, anonymous = false): Promise<void> {
  await startLinkDownload(downloadUrlOf(versionId, anonymous));
}

/** The same for any download link of the portal (a task's result, for one). */
export async function startLinkDownload(url: string): Promise<void> {
  let allowed: boolean;
  try {
    // With object storage the answer is a redirect to a presigned GET URL, which a HEAD would break.
    const head = await fetch(url, { method: 'HEAD', redirect: 'manual' });
    allowed = head.ok || head.type === 'opaqueredirect';
  } catch {
    throw new DownloadRefused(i18n.t('catalog:download.failed'));
  }
  if (!allowed) throw new DownloadRefused(await refusalMessage(url));
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
