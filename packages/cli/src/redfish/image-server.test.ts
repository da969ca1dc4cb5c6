import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes.ts';
import { newConfigHome } from '../test/run-cli.ts';
import { ImageServer } from './image-server.ts';

describe('the image server of SimpleUpdate', () => {
  it('serves one file per random path, GET only, until revoked or expired; anything else is a 404', async () => {
    const file = path.join(newConfigHome(), 'fw.bin');
    writeFileSync(file, 'FWIMG BMC 9.9\n');
    const server = await ImageServer.start('127.0.0.1');
    try {
      const served = server.serve(file, 'fw.bin', 14);
      expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/fw\.bin$/);
      expect(await (await fetch(served.url)).text()).toBe('FWIMG BMC 9.9\n');
      expect(served.fetches()).toBe(1);
      expect((await fetch(served.url, { method: 'POST' })).status).toBe(405);
      const guessed = served.url.replace(/\/[0-9a-f]{32}\//, `/${'0'.repeat(32)}/`);
      expect((await fetch(guessed)).status).toBe(404);
      expect((await fetch(new URL('/', served.url))).status).toBe(404);
      served.revoke();
      expect((await fetch(served.url)).status).toBe(404);
      const expired = server.serve(file, 'fw.bin', 14, -1);
      expect((await fetch(expired.url)).status).toBe(404);
    } finally {
      await server.close();
    }
    await expect(ImageServer.start('not an address:99999')).rejects.toMatchObject({ exitCode: EXIT.usage });
  });
});
