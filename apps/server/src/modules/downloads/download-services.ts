import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store/file-store';
import { type Ed25519Signer, loadOrCreateSigner } from '../../lib/signing/ed25519-signer';
import type { CatalogAccess } from '../catalog/catalog-access';
import type { CatalogService } from '../catalog/catalog.service';
import { DownloadTicketService } from './download-ticket.service';
import { DownloadService, type DownloadOutcome } from './download.service';
import { ManifestService } from './manifest.service';

export type DownloadServices = {
  downloads: DownloadService;
  /** Short-lived single-file tickets for links a browser opens without the session token. */
  downloadTickets: DownloadTicketService;
  /** Ed25519-signed manifests of what a person may download. */
  manifests: ManifestService;
};

/**
 * Wires downloads: the checked file answer, its tickets and the signed manifests. The release
 * signing key is created on first use (DATA_DIR/keys, mode 0600) unless SIGNING_KEY_FILE names
 * one, so a portal that never signs a manifest never writes a key.
 */
export function createDownloadServices(
  config: Pick<Config, 'DATA_DIR' | 'SIGNING_KEY_FILE' | 'DOWNLOAD_TICKET_TTL_SECONDS'>,
  deps: {
    db: Db;
    clock: Clock;
    log: FastifyBaseLogger;
    store: FileStore;
    catalog: CatalogService;
    catalogAccess: CatalogAccess;
    publicUrl: string;
    /** Each download's outcome, for the metrics. */
    onOutcome: (outcome: DownloadOutcome) => void;
  },
): DownloadServices {
  const { db, clock, catalog } = deps;
  let manifestSigner: Promise<Ed25519Signer> | undefined;
  const loadManifestSigner = () =>
    (manifestSigner ??= loadOrCreateSigner(
      config.SIGNING_KEY_FILE ?? path.join(config.DATA_DIR, 'keys', 'release-ed25519.pem'),
    ));
  return {
    downloads: new DownloadService(db, clock, catalog, deps.store, deps.log, deps.onOutcome),
    downloadTickets: new DownloadTicketService(db, clock, config.DOWNLOAD_TICKET_TTL_SECONDS),
    manifests: new ManifestService(db, deps.catalogAccess, catalog, loadManifestSigner, deps.publicUrl),
  };
}
