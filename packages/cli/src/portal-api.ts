/**
 * The portal's API as the CLI uses it. Types come from @portal/contract (erased at build); the
 * few runtime constants are repeated here because the published CLI cannot ship the private
 * contract package. portal-api.test.ts fails when they drift apart.
 */
export type {
  Activation,
  ApiTokenCreated,
  ApiTokenScope,
  CatalogVersionRow,
  DeviceCode,
  DeviceToken,
  DeviceTokenErrorBody,
  FleetResolve,
  FleetServer,
  Page,
  SignedManifest,
  VerifyCodeSent,
} from '@portal/contract';
import { PUBLISHED_SIGNATURE_FILE_NAME } from '@portal/contract/cli-builds';

export const API_TOKEN_PREFIX = 'fwp_';
export const API_TOKEN_SCOPES = ['catalog:read', 'download', 'tasks', 'licences', 'inventory'] as const;
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_NAME_MAX = 64;
export const FLEET_RESOLVE_MAX_SNS = 500;
export const MANIFEST_FORMAT = 'portal-manifest/1';
export const MANIFEST_FILE_NAME = 'manifest.json';
export const SHA256SUMS_FILE_NAME = 'SHA256SUMS';
export const SIGNATURE_SUFFIX = '.sig';
export const SIGNING_KEY_PATH = '/api/catalog/signing-key.pem';
export const MAX_PAGE_SIZE = 100;
export const DEVICE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';
export const DEVICE_POLL_INTERVAL_SECONDS = 5;

/** Error codes the CLI treats specially. */
export const ERROR_CODES = {
  API_TOKEN_SCOPE_MISSING: 1026002,
  API_TOKEN_INVALID: 1026003,
  QUOTA_REQUESTS: 1026006,
  QUOTA_BYTES: 1026007,
} as const;

/** Ids of the portal's rows are int32 serials: 1 to 2^31 - 1. */
export const MAX_ID = 2 ** 31 - 1;

/**
 * Whether `value` is an id the portal can give a version: a whole number from 1 to 2^31 - 1. The
 * CLI checks every version id, the portal's answers included, before it names a URL path or a
 * folder (`<out>/<versionId>`), so an answer such as `"../../x"` never leaves the download folder.
 */
export function isVersionId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

export const API_PATHS = {
  deviceCode: '/api/device/code',
  deviceToken: '/api/device/token',
  catalogVersions: '/api/catalog/versions',
  fleetResolve: '/api/fleet/resolve',
  /** Models with their end of security support (issue 43 §4). */
  catalogModels: '/api/catalog/models',
  download: (versionId: number) => `/api/downloads/${versionId}`,
  sha256Sums: (versionId: number) => `/api/downloads/${versionId}/${SHA256SUMS_FILE_NAME}`,
  /** The signature a version was published with (a fwportal build's release `.sig`); 404 without one. */
  publishedSignature: (versionId: number) => `/api/downloads/${versionId}/${PUBLISHED_SIGNATURE_FILE_NAME}`,
  manifest: (versionId: number) => `/api/downloads/${versionId}/${MANIFEST_FILE_NAME}`,
  /** The version's SBOM (issue 43), when its signed manifest entry lists one. */
  sbom: (versionId: number) => `/api/downloads/${versionId}/sbom`,
  licenceVerifyCode: '/api/activation/verifyCode',
  licenceGenerate: '/api/activation/generate',
  licenceHistory: '/api/activation/history',
  licenceFile: (id: number) => `/api/activation/${id}/file`,
} as const;
