import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A tmpfs of `size` (e.g. '8m') mounted at a new folder, to fill a disk in an instant. Needs root
 * (CI runs the tests as root): anything else fails the test with the reason, never skips it.
 * `fill` leaves `leftBytes` free (a file `filler`), `free` removes it, `unmount` ends it all.
 */
export function mountSmallDisk(size: string) {
  if (process.getuid?.() !== 0)
    throw new Error(
      'The disk-full tests mount a small tmpfs (mount -t tmpfs) and need root; CI runs them as root. Run vitest as root.',
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const reason = (error as { stderr?: Buffer }).stderr?.toString().trim() || String(error);
    throw new Error(`Could not mount a tmpfs at ${dir} (a container without CAP_SYS_ADMIN?): ${reason}`);
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill: (leftBytes = 0) => {
      const { bavail, bsize } = statfsSync(dir);
      writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - leftBytes)));
    },
    free: () => rmSync(filler, { force: true }),
    unmount: () => {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
