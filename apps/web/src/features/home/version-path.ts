import { PUBLISH_SERVER_FIRMWARE_KINDS } from '@portal/contract';
import { paths } from '@/config/paths';

const FIRMWARE_PAGE_KINDS: readonly string[] = [...PUBLISH_SERVER_FIRMWARE_KINDS, 'PCIE'];

/**
 * Where one version is read: the download page of its kind with the version's detail drawer
 * open (the pages keep the open version in `?version=`).
 */
export function versionPath(version: { versionId: number; kind: string }): string {
  const page = FIRMWARE_PAGE_KINDS.includes(version.kind) ? paths.firmwareDownload : paths.softwareDownload;
  return `${page}?${new URLSearchParams({ version: String(version.versionId) })}`;
}
