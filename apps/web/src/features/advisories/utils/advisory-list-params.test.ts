import { describe, expect, it } from 'vitest';
import { advisoryListCodec, listQueryOf, withFilter } from './advisory-list-params';

const read = (query: string) => advisoryListCodec.read(new URLSearchParams(query));

describe('advisoryListCodec', () => {
  it('reads the filters of a shared link and drops what is not valid', () => {
    const state = read(
      'keyword=bmc&severity=HIGH&cve=CVE-2026-1&modelId=4&from=2026-01-01&to=bad&mine=1&pageNo=2&sortField=score&sortOrder=descend&severity2=x',
    );
    expect(state).toMatchObject({
      keyword: 'bmc',
      severity: 'HIGH',
      cve: 'CVE-2026-1',
      modelId: 4,
      from: '2026-01-01',
      to: undefined,
      mine: true,
      pageNo: 2,
      pageSize: 10,
      sortField: 'score',
      sortOrder: 'descend',
    });
    expect(read('severity=SEVERE&sortField=title&modelId=-1')).toMatchObject({
      severity: undefined,
      sortField: undefined,
      modelId: undefined,
    });
  });

  it('writes only what differs from the defaults, keeping other parameters', () => {
    const params = new URLSearchParams('tab=x&pageNo=3');
    advisoryListCodec.write(withFilter(read('pageNo=3'), { severity: 'LOW', keyword: ' ' }), params);
    expect(params.toString()).toBe('tab=x&severity=LOW');
  });

  it('asks for "mine" only for a signed-in reader', () => {
    const state = read('mine=1');
    expect(listQueryOf(state, true).mine).toBe('1');
    expect(listQueryOf(state, false).mine).toBeUndefined();
  });
});
