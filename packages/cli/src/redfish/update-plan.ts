import type { ComponentCompliance, FleetServerDetail } from '@portal/contract';
import { installOrderOf } from '@portal/contract/install-order';
import { compareVersions } from '@portal/contract/version-order';

/**
 * What `fwportal update` will do to one server: the portal's targets for its components (after
 * the audit that just read them from the BMC), due when the BMC runs an older version, in the
 * portal's install order; a component whose prerequisite is not met (and not met by an earlier
 * step of the same run) is held, never sent.
 */

export type Prerequisite = { component: string; minVersion: string };

/** The portal's target, with what an update needs when the portal tells it (issue 34 §2). */
export type UpdateTarget = NonNullable<ComponentCompliance['target']> & {
  installOrder?: number | null;
  rebootRequired?: boolean;
  prerequisites?: Prerequisite[];
};

/**
 * A component as the BMC reports it: the version it runs (the oldest, when several members share
 * the component, as two power supplies do) and the FirmwareInventory members (the update's Targets).
 */
export type BmcComponent = { version: string; odataIds: string[]; updateable: boolean };

export type HoldReason =
  | { reason: 'prerequisite'; component: string; minVersion: string; installed: string | null }
  | { reason: 'notOnBmc' }
  | { reason: 'notUpdateable' };

export type PlanStep = {
  component: string;
  kind: string;
  from: string;
  to: string;
  versionId: number;
  fileName: string;
  fileSize: number;
  sha256: string;
  installOrder: number;
  rebootRequired: boolean;
  /** The FirmwareInventory members updated (UpdateParameters Targets). */
  targets: string[];
  cves: string[];
  hold: HoldReason | null;
};

/** `--components BMC,BIOS,PCIE:ABC`: a step is wanted when its kind or its component key is named. */
export function isWanted(step: Pick<PlanStep, 'kind' | 'component'>, wanted: string[]): boolean {
  if (wanted.length === 0) return true;
  return wanted.some((name) => {
    const key = name.toUpperCase();
    return key === step.kind || key === step.component || step.component.startsWith(`${key}:`);
  });
}

/** The lowest version any component matching `key` (BMC, or PCIE:<PN> for all slots) runs. */
function runningVersion(running: Map<string, string>, key: string): string | null {
  const versions = [...running.entries()]
    .filter(([component]) => component === key || component.startsWith(`${key}:`))
    .map(([, version]) => version);
  return versions.sort(compareVersions)[0] ?? null;
}

/**
 * The steps for one server. `installed` is what the BMC reported just now, by the portal's
 * component key (BMC, BIOS, PCIE:<PN>[:<slot>]); the portal's own `installed` only fills in a
 * component the BMC did not map.
 */
export function planServer(
  detail: Pick<FleetServerDetail, 'components'>,
  installed: Map<string, BmcComponent>,
  wanted: string[],
): PlanStep[] {
  const steps: PlanStep[] = [];
  for (const component of detail.components) {
    const target = component.target as UpdateTarget | null;
    const onBmc = installed.get(component.component) ?? null;
    const from = onBmc?.version ?? component.installed;
    if (!target || from === null) continue;
    // A version the catalogue cannot order is never guessed as outdated (nor downgraded).
    if (component.state === 'unknown' && !onBmc) continue;
    if (compareVersions(from, target.version) >= 0) continue;
    const step: PlanStep = {
      component: component.component,
      kind: component.kind,
      from,
      to: target.version,
      versionId: target.versionId,
      fileName: target.fileName,
      fileSize: target.fileSize,
      sha256: target.sha256,
      installOrder: installOrderOf(component.kind, target.installOrder),
      rebootRequired: target.rebootRequired ?? false,
      targets: onBmc?.odataIds ?? [],
      cves: component.advisories.flatMap((advisory) => advisory.cves),
      hold: !onBmc ? { reason: 'notOnBmc' } : onBmc.updateable ? null : { reason: 'notUpdateable' },
    };
    if (isWanted(step, wanted)) steps.push(step);
  }
  steps.sort((a, b) => a.installOrder - b.installOrder || a.component.localeCompare(b.component));
  // Prerequisites: met by what runs now, or by an earlier step of this run that is not held.
  const running = new Map([...installed.entries()].map(([key, value]) => [key, value.version]));
  for (const step of steps) {
    if (step.hold) continue;
    const target = (detail.components.find((c) => c.component === step.component)?.target ??
      null) as UpdateTarget | null;
    for (const prerequisite of target?.prerequisites ?? []) {
      const version = runningVersion(running, prerequisite.component.toUpperCase());
      if (version === null || compareVersions(version, prerequisite.minVersion) < 0) {
        step.hold = { reason: 'prerequisite', ...prerequisite, installed: version };
        break;
      }
    }
    if (!step.hold) running.set(step.component, step.to);
  }
  return steps;
}
