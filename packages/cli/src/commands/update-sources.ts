import type { KeyObject } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FleetServerDetail, InventoryReportResult } from '@portal/contract';
import { CliError } from '../cli-error.ts';
import type { Context } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import type { MirrorFirmware, MirrorIndex } from '../mirror/mirror-layout.ts';
import type { MirrorRepo } from '../mirror/mirror-repo.ts';
import { checkSignedCatalogue } from '../mirror/mirror-selection.ts';
import { type BmcInventory, reportComponentsOf, softwareIdMapOf } from '../redfish/inventory.ts';
import { reportInventory, type ServerReport, softwareIdsOf } from '../redfish/portal-inventory.ts';
import { portalDetailOf, type ServerResult, type ServerUpdateOptions } from '../redfish/server-update.ts';
import type { VerifiedFile } from '../redfish/update.ts';
import { VerifiedFiles } from '../redfish/verified-files.ts';
import { openSession, signingKeyOf } from '../session.ts';
import { publicKeyOf } from '../signing-key.ts';
import { contextOfRepo, judge, writeReadings } from './audit-offline.ts';

/**
 * Where `fwportal update` learns what is due and gets the files: the portal (online), or a mirror
 * on an isolated network (`--repo DIR`), whose signed compliance context and signed manifest stand
 * in for the portal's answers.
 */
export type UpdateSource = Pick<ServerUpdateOptions, 'detailOf' | 'softwareIds' | 'files'> & {
  /** Bytes fetched from the portal (0 from a mirror). */
  fetched: () => number;
  /** What the BMCs run after the run: reported to the portal, or written for `report --from`. */
  report: (servers: ServerReport[]) => Promise<InventoryReportResult>;
  close: () => Promise<void>;
};

export const afterReadings = (results: ServerResult[]): ServerReport[] =>
  results.flatMap((result) =>
    result.outcome === 'done' && result.sn && result.after && result.after.components.length > 0
      ? [{ sn: result.sn, ...result.after }]
      : [],
  );

export async function portalSource(ctx: Context): Promise<UpdateSource> {
  const { client: portal, config } = await openSession(ctx);
  const key = publicKeyOf(await signingKeyOf(ctx, config));
  const softwareIds = await softwareIdsOf(portal);
  const dir = await mkdtemp(path.join(tmpdir(), 'fwportal-update-'));
  const files = new VerifiedFiles(portal, key, dir, ctx.t);
  return {
    detailOf: (sn) => portalDetailOf(portal, sn),
    softwareIds,
    files,
    fetched: () => files.fetched,
    report: (servers) => reportInventory(portal, servers),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * A mirror's file of a version, handed to a BMC only when the snapshot's manifest (signed by the
 * portal, pinned key) lists it with this SHA-256 and the file (on disk, or downloaded from a
 * mirror URL) hashes to it now. A BMC that fetches images itself may be given the mirror's URL.
 */
class MirrorFiles {
  /** What the signed manifest says of each version's file: the index is not signed. */
  private readonly signed: Promise<Map<number, Pick<MirrorFirmware, 'sha256' | 'size' | 'fileName'>>>;
  private readonly files = new Map<number, Promise<string>>();
  private readonly repo: MirrorRepo;
  private readonly index: MirrorIndex;

  constructor(repo: MirrorRepo, index: MirrorIndex, key: KeyObject) {
    this.repo = repo;
    this.index = index;
    this.signed = repo
      .manifest(index)
      .then(
        ({ body, signature }) =>
          new Map(
            checkSignedCatalogue(body, signature, key).entries.map((entry) => [
              entry.versionId,
              { sha256: entry.sha256, size: entry.size, fileName: entry.fileName },
            ]),
          ),
      );
    // Settled now: a refusal is the step's, not an unhandled rejection before it is asked.
    this.signed.catch(() => undefined);
  }

  async get(versionId: number, sha256: string): Promise<VerifiedFile> {
    const entry = this.index.firmware.find((file) => file.versionId === versionId);
    const signed = (await this.signed).get(versionId);
    // The size caps the copy and the name is what the BMC is told: both the signed ones, as the hash.
    if (
      !entry ||
      !signed ||
      entry.sha256 !== sha256 ||
      signed.sha256 !== sha256 ||
      signed.size !== entry.size ||
      signed.fileName !== entry.fileName
    )
      throw new CliError(EXIT.verification, 'update.targetMismatch', {
        file: entry?.fileName ?? String(versionId),
      });
    let file = this.files.get(versionId);
    if (!file) {
      file = this.repo.file(entry);
      this.files.set(versionId, file);
    }
    const local = await file;
    const url = this.repo.urlOf(entry);
    return {
      path: local,
      fileName: entry.fileName,
      size: entry.size,
      sha256,
      ...(url ? { url } : {}),
    };
  }
}

export async function mirrorSource(ctx: Context, location: string): Promise<UpdateSource> {
  const { key, repo, index, context } = await contextOfRepo(ctx, location);
  const detailOf = async (sn: string, before: BmcInventory): Promise<FleetServerDetail | null> => {
    const { compliance } = await judge(
      context,
      [{ sn, seenAt: new Date().toISOString(), components: reportComponentsOf(before) }],
      ctx,
    );
    return compliance.get(sn) ?? null;
  };
  return {
    detailOf,
    softwareIds: softwareIdMapOf(context.softwareIds),
    files: new MirrorFiles(repo, index, key),
    fetched: () => 0,
    report: async (servers) => {
      const mine = servers.filter((server) => context.servers.some((known) => known.sn === server.sn));
      await writeReadings(ctx, context, key, index.snapshot, mine);
      return { accepted: mine.length, changed: 0, unknown: [] };
    },
    close: () => repo.close(),
  };
}
