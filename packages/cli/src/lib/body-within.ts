/**
 * The whole body of `response`, at most `limit` bytes: past that, reading stops (the rest is
 * never asked for) and `tooLarge()` is thrown. For the small files a portal or proxy that is not
 * trusted sends (checksums, signatures), which must not make the CLI hold without end.
 */
export async function bodyWithin(response: Response, limit: number, tooLarge: () => Error): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks);
      size += value.length;
      if (size > limit) throw tooLarge();
      chunks.push(value);
    }
  } finally {
    // Nothing more is read of an answer refused (or ended): the connection is let go.
    await reader.cancel().catch(() => undefined);
  }
}
