/**
 * `Content-Disposition: attachment` naming `fileName` for every browser and curl:
 * an ASCII `filename` (other characters become `_`) plus `filename*=UTF-8''...`
 * (RFC 6266 / RFC 8187) carrying the real name.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
