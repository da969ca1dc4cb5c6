import type { ComponentCompliance } from '../inventory.ts';
import { installOrderOf } from '../install-order.ts';
import type { Locale } from '../locale.ts';
import type { VersionPrerequisite } from '../publishing.ts';
import { compareVersions, isOrderableVersion } from '../version-order.ts';
import type { Release } from './types.ts';
import type { PrerequisiteStatus } from './vocabulary.ts';

type Target = NonNullable<ComponentCompliance['target']>;

/**
 * A release as a component's target, in the reader's language. Its prerequisites are not judged
 * yet (`unknown`): the same target serves every server of a model, `planUpdates` judges them
 * against each server's own versions.
 */
export function targetOf(release: Release, locale: Locale): Target {
  return {
    versionId: release.versionId,
    version: release.version,
    itemName: locale === 'zh-CN' ? release.itemName.zh : release.itemName.en,
    fileName: release.fileName,
    fileSize: release.fileSize,
    sha256: release.sha256,
    rebootRequired: release.rebootRequired,
    prerequisites: release.prerequisites.map((line) => ({ ...line, installed: null, status: 'unknown' })),
    installOrder: release.installOrder,
  };
}

/**
 * One prerequisite against a server's versions of that component (a `PCIE:<PN>` names every
 * slot of that card: all must satisfy it). No version known, or one the catalogue cannot order:
 * `unknown`, never guessed either way.
 */
function judge(line: VersionPrerequisite, components: ComponentCompliance[]) {
  const installed = components
    .filter((component) =>
      line.component.startsWith('PCIE:')
        ? component.kind === 'PCIE' && `PCIE:${component.pn}` === line.component
        : component.component === line.component,
    )
    .map((component) => component.installed);
  let status: PrerequisiteStatus = 'unknown';
  if (installed.length > 0 && installed.every((version) => version !== null && isOrderableVersion(version)))
    status = installed.every((version) => compareVersions(version!, line.minVersion) >= 0)
      ? 'satisfied'
      : 'unsatisfied';
  // The oldest of the cards (what decides), else what is known at all.
  const known = installed.filter((version): version is string => version !== null);
  known.sort(compareVersions);
  return { ...line, installed: known[0] ?? null, status };
}

/**
 * A server's components in install order (the target's order, then the component key; without a
 * target, the kind's default), each target's prerequisites judged against THIS server's installed
 * versions (the portal's version order). Targets are shared between servers: judged ones are copies.
 */
export function planUpdates(components: ComponentCompliance[]): ComponentCompliance[] {
  const planned = components.map((component) =>
    component.target && component.target.prerequisites.length > 0
      ? {
          ...component,
          target: {
            ...component.target,
            prerequisites: component.target.prerequisites.map((line) => judge(line, components)),
          },
        }
      : component,
  );
  const orderOf = (component: ComponentCompliance) =>
    component.target?.installOrder ?? installOrderOf(component.kind, null);
  return planned.sort(
    (a, b) => orderOf(a) - orderOf(b) || (a.component < b.component ? -1 : a.component > b.component ? 1 : 0),
  );
}

/**
 * Why a component's update belongs in "what is missing" (SN bundles, the console's update needs):
 * `vulnerable`, or `outdated` for one behind its target, which a component under investigation
 * may be too (its state says the investigation; the update is still routine, not urgent: nothing
 * says it fixes anything). Null: nothing to install.
 */
export function missingUpdateOf(
  component: Pick<ComponentCompliance, 'state' | 'behind' | 'target'>,
): 'vulnerable' | 'outdated' | null {
  if (component.target === null) return null;
  if (component.state === 'vulnerable' || component.state === 'outdated') return component.state;
  return component.state === 'under_investigation' && component.behind > 0 ? 'outdated' : null;
}
