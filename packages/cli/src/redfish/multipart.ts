import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/** A part of a multipart/form-data body: JSON, or a file streamed from disk. */
export type MultipartPart =
  { name: string; json: unknown } | { name: string; file: string; fileName: string; contentType?: string };

/** A request body sent as it is read: its length is known up front (BMCs often refuse chunked uploads). */
export type StreamedBody = { body: () => AsyncGenerator<Buffer>; length: number; contentType: string };

/** A multipart/form-data body, files streamed from disk; `onProgress` is told the bytes sent. */
export async function multipartBody(
  parts: MultipartPart[],
  onProgress?: (sent: number, total: number) => void,
): Promise<StreamedBody> {
  const boundary = `fwportal-${randomUUID()}`;
  const pieces: (Buffer | { file: string; size: number })[] = [];
  for (const part of parts) {
    const name = part.name.replace(/["\r\n]/g, '');
    if ('json' in part) {
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(part.json)}\r\n`,
        ),
      );
    } else {
      const fileName = part.fileName.replace(/["\r\n\\]/g, '_');
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        { file: part.file, size: (await stat(part.file)).size },
        Buffer.from('\r\n'),
      );
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const total = pieces.reduce((sum, piece) => sum + (Buffer.isBuffer(piece) ? piece.length : piece.size), 0);
  async function* body(): AsyncGenerator<Buffer> {
    let sent = 0;
    for (const piece of pieces) {
      if (Buffer.isBuffer(piece)) {
        sent += piece.length;
        yield piece;
      } else
        for await (const chunk of createReadStream(piece.file, { highWaterMark: 256 * 1024 })) {
          sent += (chunk as Buffer).length;
          yield chunk as Buffer;
          onProgress?.(sent, total);
        }
    }
    onProgress?.(sent, total);
  }
  return { body, length: total, contentType: `multipart/form-data; boundary=${boundary}` };
}
