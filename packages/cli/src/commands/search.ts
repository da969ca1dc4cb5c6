import { type Context, positiveInteger, printJson, stringOption } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { API_PATHS, type CatalogVersionRow, MAX_PAGE_SIZE, type Page } from '../portal-api.ts';
import { openSession } from '../session.ts';
import { formatBytes, formatTable } from '../table.ts';

const DEFAULT_PAGE_SIZE = 20;

/** `fwportal search <keyword>`: the catalogue's versions I may see (item name, version, file name or CVE). */
export async function search(ctx: Context): Promise<ExitCode> {
  const keyword = ctx.positionals.join(' ').trim();
  const { client } = await openSession(ctx);
  const page = await client.json<Page<CatalogVersionRow>>(API_PATHS.catalogVersions, {
    query: {
      q: keyword,
      kind: stringOption(ctx, 'kind'),
      pageNo: positiveInteger(ctx, 'page', 1),
      pageSize: positiveInteger(ctx, 'page-size', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    },
  });
  if (ctx.json) {
    printJson(ctx, page);
    return EXIT.ok;
  }
  const header = ['id', 'item', 'kind', 'version', 'date', 'size', 'file'].map((column) =>
    ctx.t(`search.column.${column}` as Parameters<typeof ctx.t>[0]),
  );
  const rows = page.rows.map((row) => [
    String(row.versionId),
    row.itemName,
    row.kind,
    row.version,
    row.releaseDate,
    formatBytes(row.fileSize),
    row.fileName,
  ]);
  ctx.stdout.write(formatTable(header, rows));
  ctx.stdout.write(
    `${ctx.t('search.total', { shown: rows.length, total: page.totalRows, page: page.pageNo })}\n`,
  );
  return EXIT.ok;
}
