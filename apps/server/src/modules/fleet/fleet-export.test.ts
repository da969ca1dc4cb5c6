import { COMPLIANCE_STATE_LABELS, type ComponentCompliance, LOCALES } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ServerReport } from './compliance.service';
import { sendFleetExport } from './fleet-export';

/** A reply that keeps what is sent. */
function fakeReply() {
  const sent: { body?: string } = {};
  const reply = {
    header: () => reply,
    type: () => reply,
    send: (body: string) => {
      sent.body = body;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}

const component = (state: ComponentCompliance['state']) =>
  ({
    component: 'BMC',
    installed: '1.0',
    state,
    behind: 0,
    advisories: [],
    investigating: [],
  }) as unknown as ComponentCompliance;

describe('the fleet CSV', () => {
  it.each(LOCALES)('names the states as the console and fwportal do (%s)', (locale) => {
    const server = {
      sn: 'SN1',
      model: 'M7-2U',
      components: [
        component('vulnerable'),
        component('under_investigation'),
        component('outdated'),
        component('current'),
      ],
    } as unknown as ServerReport;
    const { reply, sent } = fakeReply();
    sendFleetExport(reply, [server], 'csv', locale);
    for (const state of ['vulnerable', 'under_investigation', 'outdated', 'current'] as const)
      expect(sent.body).toContain(`,${state},${COMPLIANCE_STATE_LABELS[locale][state]},`);
  });
});
