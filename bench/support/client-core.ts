// `bench:mirror --split-cores 1`: the portal and its clients on cores of their own, as a portal and
// a customer's machine are two computers. Without it they share both cores: the portal's serving
// then takes CPU from the client, and a client that does more per byte (fwportal hashes every byte
// it fetches; wget hashes nothing) loses twice.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export type CoreSplit = {
  /**
   * A client's command line, on the client's core when split; with `cpuFile`, GNU time writes the
   * client's user and system CPU seconds there (read them with cpuSecondsIn).
   */
  onClientCore(command: string, args: string[], cpuFile?: string): [string, string[]];
  /** Runs a client tool (wget, sha256sum) to its end, on the client's core when split. */
  runClient(
    command: string,
    args: string[],
    options?: { maxBuffer?: number; cpuFile?: string },
  ): Promise<unknown>;
  /** What the figures were measured on, for the bench's output. */
  description: string;
};

/**
 * With `split`, pins this process (every thread it has, and so every one it starts later) to core
 * 0 for the portal it hosts, and puts clients on core 1; needs `taskset` and two usable cores.
 */
export async function splitCores(split: boolean): Promise<CoreSplit> {
  if (split) {
    if (os.availableParallelism() < 2) throw new Error('--split-cores needs two cores');
    await execFileAsync('taskset', ['-a', '-p', '-c', '0', String(process.pid)]);
  }
  const onClientCore = (command: string, args: string[], cpuFile?: string): [string, string[]] => {
    const timed: [string, string[]] = cpuFile
      ? ['/usr/bin/time', ['-f', '%U %S', '-o', cpuFile, command, ...args]]
      : [command, args];
    return split ? ['taskset', ['-c', '1', timed[0], ...timed[1]]] : timed;
  };
  return {
    onClientCore,
    runClient: (command, args, { cpuFile, ...options } = {}) =>
      execFileAsync(...onClientCore(command, args, cpuFile), options),
    description: split
      ? 'the portal on core 0, each client on core 1 (sync and cp on core 0)'
      : 'portal and clients share the cores',
  };
}

/** The user + system CPU seconds GNU time wrote for a client (onClientCore's `cpuFile`). */
export function cpuSecondsIn(cpuFile: string): number {
  const [user = 0, system = 0] = readFileSync(cpuFile, 'utf8').trim().split(/\s+/).map(Number);
  return user + system;
}
