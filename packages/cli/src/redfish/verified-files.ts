import type { KeyObject } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { CliError } from '../cli-error.ts';
import { Progress } from '../download/progress.ts';
import { downloadVersion, planVersion } from '../download/version-download.ts';
import { EXIT } from '../exit-codes.ts';
import type { Translate } from '../i18n.ts';
import type { PortalClient } from '../portal-client.ts';
import type { VerifiedFile } from './update.ts';

/**
 * The firmware files of one `fwportal update` run: each version fetched once (however many
 * servers need it), exactly as `fwportal download` does it: the signed SHA256SUMS and manifest
 * checked against the pinned key first, then the file, kept only when its SHA-256 and size are
 * the signed ones. The portal's compliance answer must name the same SHA-256 as the signed
 * manifest, else nothing is sent.
 */
export class VerifiedFiles {
  private readonly files = new Map<number, Promise<VerifiedFile>>();
  private readonly progress: Progress;
  private readonly portal: PortalClient;
  private readonly key: KeyObject;
  private readonly dir: string;
  /** Bytes fetched from the portal. */
  fetched = 0;

  constructor(portal: PortalClient, key: KeyObject, dir: string, t: Translate) {
    this.portal = portal;
    this.key = key;
    this.dir = dir;
    // The update has its own progress line: this one counts bytes and never draws.
    this.progress = new Progress(new PassThrough(), 0, 0, t);
  }

  /** The verified file of `versionId`; a verification failure rejects (exit 4), every time it is asked. */
  get(versionId: number, sha256: string): Promise<VerifiedFile> {
    let file = this.files.get(versionId);
    if (!file) {
      file = this.fetch(versionId);
      this.files.set(versionId, file);
    }
    return file.then((verified) => {
      if (verified.sha256 !== sha256)
        throw new CliError(EXIT.verification, 'update.targetMismatch', { file: verified.fileName });
      return verified;
    });
  }

  private async fetch(versionId: number): Promise<VerifiedFile> {
    const plan = await planVersion(this.portal, this.key, this.dir, versionId);
    const done = await downloadVersion(this.portal, plan, this.progress, () => undefined);
    this.fetched += done.size;
    return { path: done.path, fileName: done.fileName, size: done.size, sha256: done.sha256 };
  }
}
