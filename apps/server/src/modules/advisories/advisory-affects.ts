import type { AdvisorySnapshot } from '@portal/contract';
import { rowAffects } from '@portal/contract/compliance';
import type { OwnedServer } from './advisory-audience.repository';

/** Whether any affected-product row of an advisory concerns the server (the compliance engine's rule). */
export const snapshotAffects = (
  snapshot: Pick<AdvisorySnapshot, 'affected'>,
  server: Pick<OwnedServer, 'modelId' | 'pcieParts' | 'installed'>,
) => snapshot.affected.some((row) => rowAffects(row, server));
