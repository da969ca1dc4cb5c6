import {
  type CatalogModel,
  catalogVersionQuerySchema,
  PUBLISH_SEVERITIES,
  SERVER_FIRMWARE_KINDS,
} from '@portal/contract';
import { setOrDelete, type UrlCodec } from '@/lib/url-filters';
import { FIRST_PAGE_PAGING, readPaging, type TablePaging, writePaging } from './table-paging';

export type FirmwareKind = (typeof SERVER_FIRMWARE_KINDS)[number];
export type Severity = (typeof PUBLISH_SEVERITIES)[number];

/** The filter bar of the server firmware list. */
export interface FirmwareFilters {
  /** A model code or a family. */
  model?: string;
  /** One kind; undefined means every server firmware kind. */
  kind?: FirmwareKind;
  severity: readonly Severity[];
  /** Only the newest version of each item. */
  latest: boolean;
  /** The submitted search, trimmed. */
  q?: string;
}

export interface FirmwareListParams {
  filters: FirmwareFilters;
  paging: TablePaging;
}

const PARAM = { model: 'model', kind: 'kind', severity: 'severity', latest: 'latest', q: 'q' } as const;

/** Free text the API accepts for `field` (its own length rule), trimmed; otherwise nothing. */
function apiText(field: 'model' | 'q', raw: string | null): string | undefined {
  if (raw === null) return undefined;
  const parsed = catalogVersionQuerySchema.shape[field].safeParse(raw);
  return parsed.success && parsed.data ? parsed.data : undefined;
}

/** Known severities from `a,b` or repeated parameters, each once, unknown ones dropped. */
function readSeverities(params: URLSearchParams): Severity[] {
  const given = new Set(params.getAll(PARAM.severity).flatMap((value) => value.split(',')));
  return PUBLISH_SEVERITIES.filter((severity) => given.has(severity));
}

function read(params: URLSearchParams): FirmwareListParams {
  const kind = params.get(PARAM.kind);
  return {
    filters: {
      model: apiText('model', params.get(PARAM.model)),
      kind: SERVER_FIRMWARE_KINDS.find((known) => known === kind),
      severity: readSeverities(params),
      latest: params.get(PARAM.latest) === 'true',
      q: apiText('q', params.get(PARAM.q)),
    },
    paging: readPaging(params),
  };
}

function write({ filters, paging }: FirmwareListParams, params: URLSearchParams): void {
  setOrDelete(params, PARAM.model, filters.model);
  setOrDelete(params, PARAM.kind, filters.kind);
  setOrDelete(params, PARAM.severity, filters.severity.join(','));
  setOrDelete(params, PARAM.latest, filters.latest ? 'true' : undefined);
  setOrDelete(params, PARAM.q, filters.q);
  writePaging(paging, params);
}

/**
 * The firmware list in the query string (`?model=M7&kind=BMC&severity=urgent,optional&latest=true
 * &q=...&page=2&size=20&sort=version&order=ascend`), so a link or a reload shows the same list.
 * Other parameters of the page (`tab`, `version`) are left alone.
 */
export const firmwareListCodec: UrlCodec<FirmwareListParams> = { read, write };

/** New filters start over at the first page (the old page may no longer exist), keeping page size and sort. */
export function withFilters(list: FirmwareListParams, changes: Partial<FirmwareFilters>): FirmwareListParams {
  return {
    filters: { ...list.filters, ...changes },
    paging: { ...list.paging, pageNo: FIRST_PAGE_PAGING.pageNo },
  };
}

/**
 * The model code or family `model` names, spelled as the catalogue spells it, so the model picker
 * shows it selected; a model the catalogue does not know (an old or edited link) is no filter.
 * Until the models have loaded, `model` is taken as given.
 */
export function knownModel(model: string | undefined, models: readonly CatalogModel[] | undefined) {
  if (model === undefined || models === undefined) return model;
  const wanted = model.toUpperCase();
  const match = models.find(
    (known) => known.code.toUpperCase() === wanted || known.family.toUpperCase() === wanted,
  );
  return match && (match.code.toUpperCase() === wanted ? match.code : match.family);
}
