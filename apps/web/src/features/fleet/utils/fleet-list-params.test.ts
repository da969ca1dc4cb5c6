import { describe, expect, it } from 'vitest';
import { fleetListCodec, fleetQueryOf, withFilter } from './fleet-list-params';

const read = (search: string) => fleetListCodec.read(new URLSearchParams(search));

describe('fleetListCodec', () => {
  it('reads known states and sort fields, and ignores anything else', () => {
    expect(
      read('state=vulnerable&model=M7-2U&sn=0001&pageNo=3&sortField=lastReport&sortOrder=descend'),
    ).toEqual({
      state: 'vulnerable',
      model: 'M7-2U',
      sn: '0001',
      pageNo: 3,
      pageSize: 10,
      sortField: 'lastReport',
      sortOrder: 'descend',
    });
    expect(read('state=VULNERABLE&pageNo=-1&sortField=counts&pageSize=1000')).toMatchObject({
      state: undefined,
      pageNo: 1,
      pageSize: 100,
      sortField: undefined,
    });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const params = new URLSearchParams('tab=other');
    fleetListCodec.write(withFilter(read('pageNo=4&sortOrder=ascend'), { sn: '  SN-1 ' }), params);
    expect(params.toString()).toBe('tab=other&sn=SN-1');
  });

  it('asks the server without empty filters', () => {
    expect(fleetQueryOf(read('model=%20&sn=AB'))).toEqual({
      state: undefined,
      model: undefined,
      sn: 'AB',
      pageNo: 1,
      pageSize: 10,
      sortField: undefined,
      sortOrder: undefined,
    });
  });
});
