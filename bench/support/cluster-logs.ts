import fs from 'node:fs';
import path from 'node:path';
import type { ClusterState } from '../../deploy/local/cluster';
import type { Phase } from './fault-report';

/* The evidence bench/faults.ts reads after a fault: the portals' and nginx's logs, the processes. */

/** Whether `pid` is a live process (not gone, not a zombie). */
export function running(pid: number | null) {
  if (!pid) return false;
  try {
    return !/^\d+ \(.*\) [ZX] /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const logFile = (state: ClusterState, index: number) => path.join(state.dir, `portal-${index}.log`);
export const logSizes = (state: ClusterState) =>
  state.portals.map((portal) => {
    try {
      return fs.statSync(logFile(state, portal.index)).size;
    } catch {
      return 0;
    }
  });

type LogLine = { portal: number; level: number; key: string; line: string };

/**
 * What the portal processes wrote during a phase: pino's JSON lines timed in [from, to], and
 * every other line (stderr: a crash, a start-up failure) the phase's part of the file holds.
 */
export function portalLog(
  state: ClusterState,
  phase: Pick<Phase, 'logFrom' | 'logTo'>,
  from: number,
  to: number,
): LogLine[] {
  return state.portals.flatMap((portal) => {
    const start = phase.logFrom[portal.index] ?? 0;
    const end = phase.logTo[portal.index] ?? start;
    if (end <= start) return [];
    const buffer = Buffer.alloc(end - start);
    const fd = fs.openSync(logFile(state, portal.index), 'r');
    fs.readSync(fd, buffer, 0, buffer.length, start);
    fs.closeSync(fd);
    return buffer
      .toString('utf8')
      .split('\n')
      .flatMap((line): LogLine[] => {
        if (!line.trim()) return [];
        if (!line.startsWith('{'))
          return [{ portal: portal.index, level: 60, key: `stderr: ${line.slice(0, 160)}`, line }];
        try {
          const entry = JSON.parse(line) as {
            time?: number;
            level?: number;
            msg?: string;
            code?: number;
            err?: { type?: string; message?: string };
          };
          if ((entry.time ?? 0) < from || (entry.time ?? 0) > to) return [];
          const err = entry.err
            ? ` (${entry.err.type}: ${(entry.err.message ?? '').split('\n')[0]?.slice(0, 90)})`
            : '';
          const code = entry.code ? ` ${entry.code}` : '';
          return [
            { portal: portal.index, level: entry.level ?? 0, key: `${entry.msg ?? ''}${code}${err}`, line },
          ];
        } catch {
          return [];
        }
      });
  });
}

/** nginx's error log in [from, to] (its times have whole seconds, local time). */
export function nginxLog(state: ClusterState, from: number, to: number) {
  const file = path.join(state.dir, 'nginx', 'error.log');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = /^(\d{4})\/(\d\d)\/(\d\d) (\d\d:\d\d:\d\d) \[(\w+)\] [^*]*\*\d+ ([^,]+)/.exec(line);
      if (!match) return [];
      const at = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}`).getTime();
      return at >= Math.floor(from / 1000) * 1000 && at <= to ? [`[${match[5]}] ${match[6]}`] : [];
    });
}
