// What a cluster bench's load needs in the database and the store: the customers' accounts and
// SNs, and large files that a fault cuts mid-way.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { S3FileStore } from '../../apps/server/src/lib/file-store/s3-file-store';
import { CLUSTER_PASSWORDS, type ClusterState } from '../../deploy/local/cluster';
import { send } from './cluster-request';
import { USERS, type Version } from './load-client';

/** Files large enough that a fault cuts some downloads mid-way (the seed's files are a few kB). */
export const LARGE_FILES = 4;
export const LARGE_FILE_BYTES = 8 * 1024 * 1024;

/** A node-postgres client, or the embedded PGlite: both answer `query(text, params)` with rows. */
type Queryable = {
  query<R extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
};

/**
 * Customers for the load: USERS copies of the demo customer (same password and roles), every SN
 * verified. Returns the SNs.
 */
export async function seedUsers(client: Queryable): Promise<string[]> {
  await client.query(
    `insert into users (account, password_hash, name, company, organisation_id, admin_type, source_type)
     select 'bench_' || g, password_hash, name, company, organisation_id, admin_type, source_type
       from users, generate_series(1, $1::int) g where account = 'demo'
     on conflict (account) do nothing`,
    [USERS],
  );
  await client.query(
    `insert into user_roles (user_id, role_id)
     select b.id, r.role_id from users b, user_roles r, users d
      where b.account like 'bench\\_%' and d.account = 'demo' and r.user_id = d.id
     on conflict do nothing`,
  );
  // Verified by staff, as ownership always is (the demo customer has no SN of its own).
  await client.query(
    `insert into user_serials (user_id, sn, state, bound_at, verified_at)
     select b.id, s.sn, 'verified', now(), now() from users b, serial_numbers s
      where b.account like 'bench\\_%'
     on conflict do nothing`,
  );
  const { rows } = await client.query<{ sn: string }>('select sn from serial_numbers order by sn');
  return rows.map((row) => row.sn);
}

/** The cluster's object store, as the portal reaches it. */
export function clusterStore(state: ClusterState) {
  return new S3FileStore({
    endpoint: state.env.S3_ENDPOINT,
    region: 'us-east-1',
    bucket: state.env.S3_BUCKET ?? 'portal',
    accessKeyId: state.env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: state.env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: true,
  });
}

/** Publishes LARGE_FILES versions of random bytes on a public item, straight into S3 and the database. */
async function publishLargeFiles(client: pg.Client, state: ClusterState): Promise<Version[]> {
  const store = clusterStore(state);
  const versions: Version[] = [];
  for (let n = 1; n <= LARGE_FILES; n += 1) {
    const bytes = randomBytes(LARGE_FILE_BYTES);
    const key = `bench/large-${n}.iso`;
    const stored = await store.put(key, Readable.from([bytes]));
    const md5 = createHash('md5').update(bytes).digest('hex');
    const { rows } = await client.query<{ id: number }>(
      `insert into catalog_versions (item_id, version, status, release_date, file_category, file_name, file_size, sha256, md5, storage_key, published_at)
       select item_id, '99.9.' || $1::int, 'published', release_date, file_category, 'bench-large-' || $1::int || '.iso', $2, $3, $4, $5, now()
         from catalog_versions v join catalog_items i on i.id = v.item_id
        where i.code = 'livecd-x86' and v.status = 'published' limit 1
       returning id`,
      [n, stored.size, stored.sha256, md5, key],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('large version not inserted');
    versions.push({ versionId: id, fileSize: stored.size, sha256: stored.sha256 });
  }
  return versions;
}

/** The seed's versions the customers download: those bench_1 sees, of a size a download finishes. */
export async function catalogue(base: string): Promise<Version[]> {
  const agent = new http.Agent();
  const login = await send(agent, base, 'POST', '/api/login', {
    body: { account: 'bench_1', password: CLUSTER_PASSWORDS.demo },
  });
  const token = (JSON.parse(login.body.toString()) as { data: { token: string } }).data.token;
  const list = await send(agent, base, 'GET', '/api/catalog/versions?pageNo=1&pageSize=100', { token });
  const rows = (JSON.parse(list.body.toString()) as { data: { rows: Version[] } }).data.rows;
  agent.destroy();
  return rows.filter((row) => row.fileSize > 1 && row.fileSize < LARGE_FILE_BYTES);
}

/**
 * The accounts, SNs and large files the load needs. Half of the downloads take a large file,
 * half one of the seed's.
 */
export async function prepareLoad(database: pg.Client, state: ClusterState) {
  const serials = await seedUsers(database);
  const large = await publishLargeFiles(database, state);
  const small = await catalogue(state.url);
  if (small.length === 0 || serials.length === 0) throw new Error('no versions or serials to load');
  const versions = [...small.slice(0, LARGE_FILES * 4), ...Array.from({ length: 4 }, () => large).flat()];
  console.log(
    `${small.length} seeded versions + ${LARGE_FILES} of ${LARGE_FILE_BYTES / 1048576} MiB, ${serials.length} SNs, ${USERS} accounts`,
  );
  return { versions, serials };
}
