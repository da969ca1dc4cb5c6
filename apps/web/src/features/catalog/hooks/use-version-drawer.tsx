import { useSearchParams } from 'react-router';
import { VersionDetailDrawer } from '../components/version-detail-drawer';

const PARAM = 'version';

/**
 * The version detail drawer of a page: `open(id)` shows it, `drawer` is rendered once. The open
 * version lives in `?version=`, so a link to one version (or a reload) opens it again.
 */
export function useVersionDrawer() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get(PARAM));
  const versionId = Number.isInteger(requested) && requested > 0 ? requested : undefined;
  const show = (id: number | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === undefined) next.delete(PARAM);
        else next.set(PARAM, String(id));
        return next;
      },
      { replace: true },
    );
  const drawer = <VersionDetailDrawer versionId={versionId} onClose={() => show(undefined)} onOpen={show} />;
  return { open: (id: number) => show(id), drawer };
}
