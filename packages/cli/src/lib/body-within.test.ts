import { describe, expect, it } from 'vitest';
import { bodyWithin } from './body-within.ts';

describe('bodyWithin', () => {
  it('stops reading an endless body once past its limit', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const tooLarge = new Error('too large');
    const refusal = await bodyWithin(new Response(endless), 64 * 1024, () => tooLarge).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBe(tooLarge);
    expect(pulled).toBeLessThan(80);
  });

  it('returns a body of up to its limit whole', async () => {
    const body = await bodyWithin(new Response('SHA256SUMS'), 10, () => new Error('too large'));
    expect(body.toString()).toBe('SHA256SUMS');
  });
});
