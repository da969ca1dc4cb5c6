import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { imageHeadOf, PACKAGE_HEAD_BYTES } from './firmware-image';

export type DownloadedImage = { bytes: number; sha256: string; head: Buffer };

const MAX_REDIRECTS = 5;

/**
 * What a BMC does for SimpleUpdate: fetch ImageURI itself (following redirects, not checking the
 * image server's certificate, as BMCs without a trust store do), hashing the bytes as they come.
 */
export function downloadImage(
  uri: string,
  maxBytes: number,
  auth?: string,
  redirects = 0,
): Promise<DownloadedImage> {
  return new Promise((resolve, reject) => {
    const url = new URL(uri);
    const get = url.protocol === 'https:' ? https.get : url.protocol === 'http:' ? http.get : undefined;
    if (!get) return reject(new Error(`unsupported protocol ${url.protocol}`));
    const request = get(
      url,
      { rejectUnauthorized: false, timeout: 60_000, headers: auth ? { authorization: auth } : {} },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (redirects >= MAX_REDIRECTS) return reject(new Error('too many redirects'));
          const next = new URL(response.headers.location, url).toString();
          return resolve(downloadImage(next, maxBytes, undefined, redirects + 1));
        }
        if (status !== 200) {
          response.resume();
          return reject(new Error(`image server answered ${status}`));
        }
        const hash = createHash('sha256');
        const head: Buffer[] = [];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          if (bytes < PACKAGE_HEAD_BYTES) head.push(chunk.subarray(0, PACKAGE_HEAD_BYTES - bytes));
          bytes += chunk.length;
          hash.update(chunk);
          if (bytes > maxBytes) request.destroy(new Error('image too large'));
        });
        response.on('end', () => {
          const sha256 = hash.digest('hex');
          imageHeadOf(Buffer.concat(head)).then(
            (imageHead) => resolve({ bytes, sha256, head: imageHead }),
            reject,
          );
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('image server timed out')));
    request.on('error', reject);
  });
}
