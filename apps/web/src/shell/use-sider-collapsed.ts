import { useState } from 'react';
import type { Device } from './settings';

/**
 * Whether the side menu is collapsed. Spec 4: closed by default on tablets; crossing into the
 * tablet range collapses it again, and back to desktop expands it, as the old console did.
 */
export function useSiderCollapsed(device: Device): [boolean, (collapsed: boolean) => void] {
  const [state, setState] = useState({ device, collapsed: device === 'tablet' });
  if (state.device !== device) setState({ device, collapsed: device === 'tablet' });
  return [state.collapsed, (collapsed) => setState({ device, collapsed })];
}
