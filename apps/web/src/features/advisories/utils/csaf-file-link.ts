import * as z from 'zod/mini';
import { apiRequest } from '@/lib/api-client';

/** The files of an advisory's CSAF document, by what each adds to the JSON's name (CSAF 2.0 7.1.18-19). */
const SUFFIXES = { json: '', asc: '.asc', sha256: '.sha256', sha512: '.sha512' } as const;
export type CsafFile = keyof typeof SUFFIXES;
export const CSAF_FILES = Object.keys(SUFFIXES) as CsafFile[];

/** The label of each file, in the advisories namespace. */
export const CSAF_FILE_LABELS = {
  json: 'detail.csafJson',
  asc: 'detail.csafAsc',
  sha256: 'detail.csafSha256',
  sha512: 'detail.csafSha512',
} as const satisfies Record<CsafFile, string>;

export function isCsafFile(value: string | undefined): value is CsafFile {
  return CSAF_FILES.some((file) => file === value);
}

const ticketSchema = z.object({ url: z.string(), ticket: z.string() });

/**
 * The address that opens one CSAF file (the document, its signature or a hash) of a GREEN or
 * AMBER advisory. A browser opening a link cannot name the reader (no Authorization header, and
 * the session token must never be in a URL): a ticket bound to me and this advisory, valid for
 * minutes, asked for when the file is opened so that it never sits in a page. The ticket's `url`
 * names the advisory's current JSON document; the other files are that name and their suffix.
 */
export async function csafFileUrl(advisoryId: string, file: CsafFile, signal?: AbortSignal): Promise<string> {
  const { url, ticket } = await apiRequest(
    'POST',
    `/advisories/${encodeURIComponent(advisoryId)}/csaf/ticket`,
    ticketSchema,
    { quiet: true, signal },
  );
  const { pathname } = new URL(url, window.location.origin);
  return `${pathname}${SUFFIXES[file]}?${new URLSearchParams({ ticket })}`;
}
