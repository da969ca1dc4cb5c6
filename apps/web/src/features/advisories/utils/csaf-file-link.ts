import type { AdvisoryTlp } from '@portal/contract';
import * as z from 'zod/mini';
import { apiRequest } from '@/lib/api-client';

const ticketSchema = z.object({ ticket: z.string() });

/**
 * The address a CSAF file link (the document, its signature or a hash) opens. TLP:WHITE is
 * public: its plain path. A GREEN or AMBER file needs the reader, whom a browser opening a link
 * cannot name (no Authorization header, and the session token must never be in a URL): a ticket
 * bound to me and this advisory, valid for minutes, asked for on click so that it never sits in
 * the page.
 */
export async function csafFileUrl(advisoryId: string, path: string, tlp: AdvisoryTlp): Promise<string> {
  if (tlp === 'WHITE') return path;
  const { ticket } = await apiRequest(
    'POST',
    `/advisories/${encodeURIComponent(advisoryId)}/csaf/ticket`,
    ticketSchema,
    { quiet: true },
  );
  return `${path}?${new URLSearchParams({ ticket })}`;
}
