import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { LICENCE_PREFIX, type LicencePayload, licencePayloadSchema } from '@portal/contract';
import type { Ed25519Signer } from '../signing/ed25519-signer';

/**
 * Activation licences: `PL1.<payload>.<signature>` (base64url). This file needs nothing but
 * node:crypto and the payload schema, so the product and customers can verify offline with the
 * published public key (see the CLI in src/cli/verify-licence.ts).
 */

export function signLicence(payload: LicencePayload, signer: Pick<Ed25519Signer, 'sign'>): string {
  const signed = `${LICENCE_PREFIX}.${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')}`;
  const signature = signer.sign(Buffer.from(signed, 'ascii'));
  return `${signed}.${signature.toString('base64url')}`;
}

export type LicenceCheck =
  | { valid: true; payload: LicencePayload }
  | { valid: false; reason: 'malformed' | 'bad-signature' | 'expired'; payload?: LicencePayload };

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Checks the signature with `publicKey` (a KeyObject or SPKI PEM), then the payload's shape,
 * then its expiry at `now`. Whitespace around the code (a copied file) is ignored.
 */
export function verifyLicence(code: string, publicKey: KeyObject | string, now = new Date()): LicenceCheck {
  const parts = code.trim().split('.');
  const [prefix, payloadPart, signaturePart] = parts;
  if (parts.length !== 3 || prefix !== LICENCE_PREFIX || !payloadPart || !signaturePart)
    return { valid: false, reason: 'malformed' };
  if (!BASE64URL.test(payloadPart) || !BASE64URL.test(signaturePart))
    return { valid: false, reason: 'malformed' };
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  const signature = Buffer.from(signaturePart, 'base64url');
  // base64url that does not round-trip (stray bits) would let two texts share one signature.
  if (signature.toString('base64url') !== signaturePart || signature.length !== 64)
    return { valid: false, reason: 'malformed' };
  if (!verify(null, Buffer.from(`${prefix}.${payloadPart}`, 'ascii'), key, signature))
    return { valid: false, reason: 'bad-signature' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return { valid: false, reason: 'malformed' };
  }
  const parsed = licencePayloadSchema.safeParse(json);
  if (!parsed.success) return { valid: false, reason: 'malformed' };
  if (Date.parse(parsed.data.expiresAt) <= now.getTime())
    return { valid: false, reason: 'expired', payload: parsed.data };
  return { valid: true, payload: parsed.data };
}
