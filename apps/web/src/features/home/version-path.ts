import { consoleVersionPathOf } from '@portal/contract';

/** Where one version is read (the same address feeds and webhooks link to). */
export function versionPath(version: { versionId: number; kind: string }): string {
  return consoleVersionPathOf(version.kind, version.versionId);
}
