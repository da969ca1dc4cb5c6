import { useState } from 'react';
import { VersionDetailDrawer } from '../components/version-detail-drawer';

/** The version detail drawer of a page: `open(id)` shows it, `drawer` is rendered once. */
export function useVersionDrawer() {
  const [versionId, setVersionId] = useState<number>();
  const drawer = (
    <VersionDetailDrawer
      versionId={versionId}
      onClose={() => setVersionId(undefined)}
      onOpen={setVersionId}
    />
  );
  return { open: setVersionId, drawer };
}
