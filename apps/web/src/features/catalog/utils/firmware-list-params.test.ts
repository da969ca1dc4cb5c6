import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { type FirmwareListParams, firmwareListCodec, knownModel, withFilters } from './firmware-list-params';
import { FIRST_PAGE_PAGING } from './table-paging';

const read = (query: string) => firmwareListCodec.read(new URLSearchParams(query));

/** The query `list` is written as, on top of `existing`. */
function written(list: FirmwareListParams, existing = '') {
  const params = new URLSearchParams(existing);
  firmwareListCodec.write(list, params);
  return params.toString();
}

const DEFAULTS: FirmwareListParams = {
  filters: { model: undefined, kind: undefined, severity: [], latest: false, q: undefined },
  paging: FIRST_PAGE_PAGING,
};

const FILTERED: FirmwareListParams = {
  filters: { model: 'M7-2U', kind: 'BMC', severity: ['urgent', 'optional'], latest: true, q: 'CVE-2026-1' },
  paging: { pageNo: 3, pageSize: 20, sortField: 'version', sortOrder: 'ascend' },
};

describe('firmwareListCodec', () => {
  it('reads a plain address as the unfiltered first page', () => {
    expect(read('')).toEqual(DEFAULTS);
    expect(read('tab=server&version=12')).toEqual(DEFAULTS);
  });

  it('reads back what it wrote, next to the page’s other parameters', () => {
    const query = written(FILTERED, 'tab=server');
    expect(query).toBe(
      'tab=server&model=M7-2U&kind=BMC&severity=urgent%2Coptional&latest=true&q=CVE-2026-1&page=3&size=20&sort=version&order=ascend',
    );
    expect(read(query)).toEqual(FILTERED);
  });

  it('leaves defaults out of the address and removes parameters that went back to them', () => {
    expect(written(DEFAULTS, 'tab=pcie')).toBe('tab=pcie');
    expect(written(DEFAULTS, written(FILTERED, 'tab=server&version=7'))).toBe('tab=server&version=7');
  });

  it('ignores invalid values, each on its own', () => {
    const list = read(
      'model=&kind=FLOPPY&severity=urgent,bogus,,urgent&latest=yes&q=%20%20&page=0&size=500&sort=colour&order=ascend',
    );
    expect(list).toEqual({ ...DEFAULTS, filters: { ...DEFAULTS.filters, severity: ['urgent'] } });
    expect(read('page=1.5&size=-10&sort=version').paging).toEqual(FIRST_PAGE_PAGING);
    expect(read('page=2e3&size=abc&order=descend').paging).toEqual(FIRST_PAGE_PAGING);
  });

  it('ignores text longer than the API accepts, and trims the rest', () => {
    expect(read(`q=${'x'.repeat(101)}&model=${'M'.repeat(65)}`).filters).toEqual(DEFAULTS.filters);
    expect(read('q=%20bmc%20&model=%20M7%20').filters).toMatchObject({ q: 'bmc', model: 'M7' });
  });

  it('accepts severities given as repeated parameters, in the catalogue’s order', () => {
    expect(read('severity=optional&severity=urgent').filters.severity).toEqual(['urgent', 'optional']);
  });

  it('accepts page sizes up to the API maximum', () => {
    expect(read('size=100').paging.pageSize).toBe(100);
    expect(read('size=101').paging.pageSize).toBe(DEFAULT_PAGE_SIZE);
  });
});

describe('withFilters', () => {
  it('changes filters and starts over at the first page, keeping page size and sort', () => {
    expect(withFilters(FILTERED, { kind: undefined })).toEqual({
      filters: { ...FILTERED.filters, kind: undefined },
      paging: { ...FILTERED.paging, pageNo: 1 },
    });
  });
});

describe('knownModel', () => {
  const MODELS = [
    { code: 'M7-2U', family: 'M7', name: '2U' },
    { code: 'M7-4U', family: 'M7', name: '4U' },
  ];

  it('spells a known model or family as the catalogue does', () => {
    expect(knownModel('m7-4u', MODELS)).toBe('M7-4U');
    expect(knownModel('m7', MODELS)).toBe('M7');
  });

  it('drops a model the catalogue does not know', () => {
    expect(knownModel('Z9', MODELS)).toBeUndefined();
  });

  it('takes the model as given while the models load, and no model as none', () => {
    expect(knownModel('Z9', undefined)).toBe('Z9');
    expect(knownModel(undefined, MODELS)).toBeUndefined();
  });
});
