// The facets of a generated fleet (a server's model, cards, each component's version), drawn from
// a hash of the server's number and the facet's, in JavaScript and, the same, in SQL: the benches
// seed servers with SQL and send the same servers' reports from JavaScript.
//
// The hash must mix: the first one here was multiplicative and linear in the facet
// (((n·7919 + c·104729)·2654435761 mod 2³²) >> 16), so one server's facets differed by nearly
// constant steps and its component versions moved together: 10,000 servers ran 182 distinct
// combinations of 7 kinds where independent draws give thousands. This is Thomas Mueller's
// 32-bit integer hash (xor-shift, multiply by 0x45d9f3b, twice): every bit of the input reaches
// every bit of the output. Servers are numbered below 2^25 and facets below 128, so the input fits
// 32 bits in JavaScript and the SQL products stay below 2^59, within PostgreSQL's bigint.
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/connection';
import { rowsOf } from '../../apps/server/src/db/raw-rows';

const MULTIPLIER = 0x45d9f3b;
/** Facet numbers a server may use (0..FACETS-1): its number and the facet's make one input. */
const FACETS = 128;

/** Servers the hash tells apart (numbers 0..2^25-1): above, JavaScript's 32 bits and SQL's 64 part ways. */
const SERVERS = 2 ** 25;

/** Facet `c` (0..127) of server `n` (0..2^25-1), in 0..65535. */
export function facetHash(n: number, c: number): number {
  if (!(Number.isInteger(n) && n >= 0 && n < SERVERS && Number.isInteger(c) && c >= 0 && c < FACETS))
    throw new RangeError(`facetHash(${n}, ${c}): server below ${SERVERS}, facet below ${FACETS}`);
  let x = n * FACETS + c;
  x = Math.imul(x ^ (x >>> 16), MULTIPLIER) >>> 0;
  x = Math.imul(x ^ (x >>> 16), MULTIPLIER) >>> 0;
  return (x ^ (x >>> 16)) >>> 16;
}

/** `facetHash` as an SQL expression of two SQL expressions (the function `installFacetHash` creates). */
export const facetHashSql = (n: string, c: string) => `bench_facet_hash((${n})::bigint, (${c})::bigint)`;

/** Creates `bench_facet_hash(n, c)` in the bench's database: `facetHash` in SQL. */
export async function installFacetHash(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`
      create or replace function bench_facet_hash(n bigint, c bigint) returns bigint
      language sql immutable as $$
        select (x3 # (x3 >> 16)) >> 16
        from (select ((x2 # (x2 >> 16)) * ${MULTIPLIER}) % 4294967296 as x3
              from (select ((x1 # (x1 >> 16)) * ${MULTIPLIER}) % 4294967296 as x2
                    from (select n * ${FACETS} + c as x1) a) b) c
      $$`),
  );
}

/** Throws unless the SQL hash is the JavaScript one (what is seeded is what the reports send). */
export async function checkFacetHash(db: Db): Promise<void> {
  const samples = [0, 1, 2, 99, 12_345, 99_999, 100_000].flatMap((n) =>
    [0, 6, 20, 57, 99].map((c) => [n, c]),
  );
  for (const [n = 0, c = 0] of samples) {
    const [row] = await rowsOf<{ h: number | string }>(
      db,
      sql`select bench_facet_hash(${n}::bigint, ${c}::bigint) as h`,
    );
    const inSql = Number(row?.h);
    if (inSql !== facetHash(n, c))
      throw new Error(`facet hash of (${n}, ${c}): ${inSql} in SQL, ${facetHash(n, c)} in JavaScript`);
  }
}
