import { describe, expect, it } from 'vitest';
import { planServer } from './update-plan.ts';

describe('the update plan', () => {
  it('follows the install order; a prerequisite met by an earlier step goes, one that is not is held', () => {
    const component = (
      kind: string,
      installed: string,
      version: string,
      installOrder: number,
      prerequisites: { component: string; minVersion: string }[] = [],
    ) => ({
      component: kind,
      kind,
      installed,
      state: 'outdated',
      advisories: [],
      target: {
        versionId: installOrder,
        version,
        fileName: `${kind}.bin`,
        fileSize: 1,
        sha256: 'x',
        installOrder,
        prerequisites,
      },
    });
    const detail = {
      components: [
        component('BIOS', '5.0', '6.0', 20, [{ component: 'BMC', minVersion: '4.0' }]),
        component('PSU', '1.0', '2.0', 70, [{ component: 'CPLD', minVersion: '9.0' }]),
        component('BMC', '3.0', '4.1', 10),
        component('NIC', '1.0', '1.0', 50),
      ],
    } as unknown as Parameters<typeof planServer>[0];
    const installed = new Map(
      ['BIOS:5.0', 'PSU:1.0', 'BMC:3.0', 'CPLD:8.0', 'NIC:1.0'].map((line) => {
        const [kind = '', version = ''] = line.split(':');
        return [kind, { version, odataIds: [`/fw/${kind}`], updateable: true }];
      }),
    );
    const plan = planServer(detail, installed, []);
    expect(plan.map((step) => [step.component, step.hold?.reason ?? 'due'])).toEqual([
      ['BMC', 'due'],
      ['BIOS', 'due'],
      ['PSU', 'prerequisite'],
    ]);
    // Without the BMC step in this run, the BIOS waits for it.
    expect(planServer(detail, installed, ['BIOS']).map((step) => step.hold?.reason)).toEqual([
      'prerequisite',
    ]);
  });
});
