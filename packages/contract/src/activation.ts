import { z } from 'zod';
import { pageOf, pageQuerySchema } from './paging';

/**
 * Activation codes (spec sections 1, 3, 5): a customer licenses the management platform per
 * machine against an entitlement (contract) that covers their server. The code is a licence
 * signed with Ed25519; anyone holding the public key can verify it offline.
 *
 * Licence text: `PL1.<payload>.<signature>`, both parts base64url; the signature covers the
 * ASCII bytes `PL1.<payload>`; the payload is the JSON of {@link licencePayloadSchema}.
 */
export const LICENCE_PREFIX = 'PL1';
export const LICENCE_FORMAT = 'portal-licence/1';
export const LICENCE_PUBLIC_KEY_PATH = '/api/activation/public-key.pem';
/** Staff permission for entitlements (application `system`). */
export const ENTITLEMENT_PERMISSION = 'license:manage';
/** Customer permission for generating codes. */
export const ACTIVATION_PERMISSION = 'license:generate';

/** Spec 5: uppercase letters, or uppercase letters plus digits (at least one letter). */
export const MACHINE_CODE_PATTERN = /^(?=.*[A-Z])[A-Z0-9]+$/;
export const MACHINE_CODE_MAX_LENGTH = 128;
/** @deprecated The second node field is gone (issue 18 §3); nodes are at most MAX_APPLICATION_QUANTITY. */
export const MAX_CLUSTER_NODES = 100_000;

export const licencePayloadSchema = z.object({
  format: z.literal(LICENCE_FORMAT),
  /** Licence id (UUID). */
  id: z.string(),
  product: z.string(),
  version: z.string(),
  machineCode: z.string(),
  nodes: z.number().int().min(1),
  sn: z.string(),
  customer: z.string(),
  trial: z.boolean(),
  /** ISO 8601. */
  issuedAt: z.string(),
  /**
   * ISO 8601: the licence is valid before this instant. A licence bound to a day (maintenance
   * end) expires when that day has ended everywhere (00:00 of the next day at UTC-12).
   */
  expiresAt: z.string(),
});
export type LicencePayload = z.infer<typeof licencePayloadSchema>;

/** Numeric text fields: the form sends what the user typed; the server decides (spec 5 messages). */
const numericText = z.union([z.string().trim().max(12), z.number()]).transform(String);

/**
 * The one node field (issue 18 §3): how many nodes the code licenses, taken from the
 * entitlement's pool (numeric, 1..{@link MAX_APPLICATION_QUANTITY}); for a trial, how many the
 * trial licenses. Clients from before it sent two fields, `quantity` (codes) and `clusterNodes`
 * (trials, and a number of the cluster's nodes that licensed nothing): either, sent alone, is
 * still read as `nodes`.
 */
const nodeFields = {
  nodes: numericText.optional(),
  /** @deprecated Send `nodes`. */
  quantity: numericText.optional(),
  /** @deprecated Send `nodes`. */
  clusterNodes: numericText.optional(),
};

/** Reads the old node fields as `nodes` ('' when none is sent: the server's "numeric" message). */
function oneNodeField<T extends { nodes?: string; quantity?: string; clusterNodes?: string }>(request: T) {
  const { nodes, quantity, clusterNodes, ...rest } = request;
  return { ...rest, nodes: nodes ?? quantity ?? clusterNodes ?? '' };
}

const activationRequestFields = z.object({
  sn: z.string().trim().min(1).max(64),
  machineCode: z.string().trim().max(MACHINE_CODE_MAX_LENGTH),
  ...nodeFields,
  verifyCode: z.string().trim().max(16),
  product: z.string().trim().min(1).max(64),
  version: z.string().trim().min(1).max(64),
  customerName: z.string().trim().min(1).max(128),
  contacts: z.string().trim().min(1).max(64),
  contactInfo: z.string().trim().min(1).max(128),
});

/** POST /api/activation/generate. */
export const activationRequestSchema = activationRequestFields.transform(oneNodeField);
export type ActivationRequest = z.input<typeof activationRequestSchema>;

/** POST /api/activation/trial: a time-limited licence within the trial rules staff set. */
export const trialRequestSchema = activationRequestFields.omit({ verifyCode: true }).transform(oneNodeField);
export type TrialRequest = z.input<typeof trialRequestSchema>;

export const activationSchema = z.object({
  id: z.number().int(),
  licenceId: z.string(),
  sn: z.string(),
  machineCode: z.string(),
  /** Nodes the licence covers. */
  nodes: z.number().int(),
  product: z.string(),
  /** The product as the reader calls it (its catalogue item's name); the code when none has it. */
  productName: z.string(),
  version: z.string(),
  customerName: z.string(),
  contacts: z.string(),
  contactInfo: z.string(),
  trial: z.boolean(),
  /**
   * YYYY-MM-DD: the last day the licence is valid, inclusive. A calendar day, shown as it is in
   * every time zone (issue 18 §3); the licence is valid through the end of that day everywhere.
   */
  validThrough: z.iso.date(),
  /** ISO 8601 instant the licence stops being valid: the end of `validThrough` in the last time zone (UTC-12). */
  expiresAt: z.string(),
  createTime: z.string(),
  /** The activation code (the signed licence). */
  activationCode: z.string(),
});
export type Activation = z.infer<typeof activationSchema>;
export const activationPageSchema = pageOf(activationSchema);
export const activationHistoryQuerySchema = pageQuerySchema.pick({ pageNo: true, pageSize: true });

/** GET /api/activation/remaining and /maintenance: for a product on one of my servers. */
export const entitlementQuerySchema = z.object({
  product: z.string().trim().min(1).max(64),
  sn: z.string().trim().min(1).max(64),
});
export const remainingNodesSchema = z.object({
  product: z.string(),
  sn: z.string(),
  authorisedNodes: z.number().int(),
  remainingNodes: z.number().int(),
});
export const maintenanceRemainSchema = z.object({
  product: z.string(),
  sn: z.string(),
  /** YYYY-MM-DD, the last day covered. */
  maintenanceEnd: z.string(),
  /** Whole days left (0 on the last day, negative once over). */
  remainingDays: z.number().int(),
});
export type RemainingNodes = z.infer<typeof remainingNodesSchema>;
export type MaintenanceRemain = z.infer<typeof maintenanceRemainSchema>;

/** Staff: an entitlement as shown and edited in the system application. */
export const entitlementInputSchema = z.object({
  contractNo: z.string().trim().min(1).max(64),
  customerName: z.string().trim().min(1).max(128),
  product: z.string().trim().min(1).max(64),
  versionFrom: z.string().trim().max(64).default(''),
  versionTo: z.string().trim().max(64).default(''),
  authorisedNodes: z.number().int().min(1).max(1_000_000),
  maintenanceEnd: z.iso.date(),
  trial: z.boolean().default(false),
  trialDays: z.number().int().min(0).max(365).default(0),
  serials: z.array(z.string().trim().min(1).max(64)).min(1).max(1000),
});
export type EntitlementInput = z.input<typeof entitlementInputSchema>;
export const entitlementSchema = z.object({
  id: z.number().int(),
  contractNo: z.string(),
  customerName: z.string(),
  product: z.string(),
  /** The product as the reader calls it (its catalogue item's name); the code when none has it. */
  productName: z.string(),
  versionFrom: z.string(),
  versionTo: z.string(),
  authorisedNodes: z.number().int(),
  remainingNodes: z.number().int(),
  maintenanceEnd: z.string(),
  trial: z.boolean(),
  trialDays: z.number().int(),
  serials: z.array(z.string()),
  createTime: z.string(),
});
export type Entitlement = z.infer<typeof entitlementSchema>;
export const entitlementPageSchema = pageOf(entitlementSchema);
export const entitlementListQuerySchema = pageQuerySchema.extend({ q: z.string().trim().max(64).optional() });
