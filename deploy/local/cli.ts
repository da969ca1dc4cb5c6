// npm run scale-out:up [-- --portals 2 --workers 2,0 --rebuild] | npm run scale-out:down [-- --purge]
import { CLUSTER_PASSWORDS, down, up } from './cluster';

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

async function main() {
  const command = process.argv[2];
  if (command === 'up') {
    const workers = flag('workers')?.split(',').map(Number) ?? [2, 0];
    const portals = Number(flag('portals') ?? workers.length);
    const state = await up({
      workers: Array.from({ length: portals }, (_, index) => workers[index] ?? 0),
      rebuild: process.argv.includes('--rebuild'),
    });
    console.log(`portal behind nginx: ${state.url}`);
    for (const portal of state.portals)
      console.log(
        `  process ${portal.index}: http://127.0.0.1:${portal.port} (TASK_WORKERS=${portal.workers}, pid ${portal.pid})`,
      );
    console.log(
      `  PostgreSQL ${state.postgres.url}, S3 ${state.env.S3_ENDPOINT} bucket ${state.env.S3_BUCKET}`,
    );
    console.log(
      `  sign in as admin / ${CLUSTER_PASSWORDS.admin} or demo / ${CLUSTER_PASSWORDS.demo}; logs in ${state.dir}`,
    );
  } else if (command === 'down') {
    await down({ purge: process.argv.includes('--purge') });
    console.log('scale-out cluster stopped');
  } else {
    console.error('usage: tsx deploy/local/cli.ts up|down');
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
