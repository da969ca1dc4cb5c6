import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useLoginUser } from '@/features/auth/api/get-login-user';
import { firstRouteOf } from '@/lib/menu-tree';
import { readStored } from '@/lib/storage';
import { chooseFirstLoadTarget } from './first-load-target';
import { useAppSwitch } from './use-app-switch';
import { useMenuTree } from './use-menu-tree';

/** The root path of the console: opens the first page, or switches application first. */
export function FirstLoadRedirect() {
  const tree = useMenuTree();
  const apps = useLoginUser().data?.apps ?? [];
  // Read once per visit of `/`: the flag only matters for where this visit lands.
  const [requestTool] = useState(() => readStored('requestTool'));
  const target = chooseFirstLoadTarget({ tree, apps, requestTool });
  const appSwitch = useAppSwitch();
  const { mutate: switchApp } = appSwitch;
  // Development mode runs effects twice; the switch must be requested once.
  const requested = useRef(false);

  const application = target.kind === 'switchApp' ? target.application : undefined;
  useEffect(() => {
    if (!application || requested.current) return;
    requested.current = true;
    switchApp({ application });
  }, [application, switchApp]);

  if (target.kind === 'path') return <Navigate to={target.path} replace />;
  // The switch failed (its message is shown): stay in this application on its first page.
  const first = firstRouteOf(tree);
  if (appSwitch.isError && first) return <Navigate to={first.path} replace />;
  return <FullPageSpinner />;
}
