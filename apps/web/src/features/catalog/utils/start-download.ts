import { downloadPathOf } from '@portal/contract';
import * as z from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { getCurrentLocale, i18n } from '@/lib/i18n';
import { getAccessToken } from '@/lib/session';

/** A download the server refused; `message` is the server's, already in the reader's language. */
export class DownloadRefused extends Error {
  override readonly name = 'DownloadRefused';
}

const ticketSchema = z.object({ ticket: z.string() });

/**
 * A download address as a plain link, with a download ticket for a signed-in reader. The
 * browser's download manager cannot send an Authorization header, and the session token must
 * never travel in a URL (history, proxy logs): a ticket opens one file, for minutes, for me.
 */
export function plainLink(path: string, ticket?: string): string {
  const params = new URLSearchParams({ locale: getCurrentLocale() });
  if (ticket) params.set('ticket', ticket);
  return `${path}?${params}`;
}

/** Asks the server for a ticket (POST `ticketPath` under /api); a refusal keeps its reason. */
async function ticketFrom(ticketPath: string): Promise<string> {
  try {
    return (await apiRequest('POST', ticketPath, ticketSchema, { quiet: true })).ticket;
  } catch (error) {
    throw new DownloadRefused(error instanceof ApiError ? error.message : i18n.t('catalog:download.failed'));
  }
}

/**
 * The link of one version's file, or of another file of it (`path`: SHA256SUMS, its signature,
 * the version manifest); anonymous readers (the public pages) get a plain link.
 */
export async function versionLink(
  versionId: number,
  path = downloadPathOf(versionId),
  anonymous = false,
): Promise<string> {
  if (anonymous || !getAccessToken()) return plainLink(path);
  return plainLink(path, await ticketFrom(`/downloads/${versionId}/ticket`));
}

/** The link of my finished task's result file. */
export async function taskResultLink(taskId: number): Promise<string> {
  return plainLink(`/api/tasks/${taskId}/result`, await ticketFrom(`/tasks/${taskId}/result/ticket`));
}

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
  await startLinkDownload(await versionLink(versionId, downloadPathOf(versionId), anonymous));
}

/** The same for any download link of the portal (a task's result, a checksum list). */
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
