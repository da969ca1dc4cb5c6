import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../cli-error.ts';
import { readConfig } from '../config-store.ts';
import { type Context, printJson, say } from '../context.ts';
import { sha256OfFile, sizeOf } from '../download/file-hash.ts';
import { checkSignedSet, readSignedSet } from '../download/signed-set.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { signingKeyOf } from '../session.ts';
import { publicKeyOf } from '../signing-key.ts';

type Checked = { dir: string; file: string; ok: boolean; reason: string };

/** `dir` and every folder below it that holds a SHA256SUMS. */
async function signedFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const below = await Promise.all(
    entries.filter((entry) => entry.isDirectory()).map((entry) => signedFolders(path.join(dir, entry.name))),
  );
  const own = entries.some((entry) => entry.isFile() && entry.name === 'SHA256SUMS') ? [dir] : [];
  return [...own, ...below.flat()];
}

/**
 * `fwportal verify DIR`: offline, what `download` left is checked again: both signatures against
 * the pinned key (or --key), then each file's size and SHA-256 against the signed values.
 */
export async function verify(ctx: Context): Promise<ExitCode> {
  const root = ctx.positionals[0];
  if (!root) throw new CliError(EXIT.usage, 'usage.missingArgument', { argument: 'DIR' });
  const key = publicKeyOf(await signingKeyOf(ctx, await readConfig(ctx.configDir)));
  const folders = await signedFolders(root).catch(() => {
    throw new CliError(EXIT.usage, 'usage.unreadableFile', { file: root });
  });
  if (folders.length === 0) throw new CliError(EXIT.error, 'verify.nothing', { dir: root });
  const results: Checked[] = [];
  for (const dir of folders) results.push(await checkFolder(ctx, dir, key));
  const failed = results.filter((result) => !result.ok);
  if (ctx.json) printJson(ctx, { verified: results.filter((r) => r.ok), failed });
  else
    for (const result of results)
      say(ctx, result.ok ? 'verify.ok' : 'verify.failed', { file: result.file, reason: result.reason });
  return failed.length > 0 ? EXIT.verification : EXIT.ok;
}

async function checkFolder(ctx: Context, dir: string, key: ReturnType<typeof publicKeyOf>): Promise<Checked> {
  try {
    const set = await readSignedSet(dir);
    if (!set) throw new CliError(EXIT.verification, 'verify.incomplete');
    const expected = checkSignedSet(set, key, dir);
    const file = path.join(dir, expected.fileName);
    const size = await sizeOf(file);
    if (size === null) return { dir, file, ok: false, reason: ctx.t('verify.missing') };
    if (size !== expected.size || (await sha256OfFile(file)) !== expected.sha256)
      return { dir, file, ok: false, reason: ctx.t('verify.checksum') };
    // The SBOM the signed manifest lists (issue 43) is checked like the file.
    if (expected.sbom) {
      const sbom = path.join(dir, expected.sbom.fileName);
      const sbomSize = await sizeOf(sbom);
      if (sbomSize === null) return { dir, file: sbom, ok: false, reason: ctx.t('verify.missing') };
      if (sbomSize !== expected.sbom.size || (await sha256OfFile(sbom)) !== expected.sbom.sha256)
        return { dir, file: sbom, ok: false, reason: ctx.t('verify.checksum') };
    }
    return { dir, file, ok: true, reason: '' };
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return { dir, file: dir, ok: false, reason: ctx.t(error.key, error.params) };
  }
}
