// `BENCH_PORTAL_PROF=DIR`: a CPU profile of the portal (this process's main thread) while one
// client runs, written to DIR as a .cpuprofile (Chrome DevTools or any cpuprofile reader): what
// the portal spends serving that client, apart from what the bench does before and after.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/** Runs `work`, profiling this process meanwhile when BENCH_PORTAL_PROF names a folder. */
export async function withPortalProfile<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PORTAL_PROF;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
