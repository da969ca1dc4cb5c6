import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store/file-store';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { CatalogAccess } from '../catalog/catalog-access';
import type { Notifier } from '../notice/notifier';
import { MirrorResolver } from './mirror-resolve';
import { TaskRunner } from './task-runner';
import { TaskService } from './task.service';

export { removeStaleScratch } from './livecd-iso';

export type TaskServices = {
  tasks: TaskService;
};

/**
 * Wires the tasks (mirror bundles and LiveCD images): the service that creates, lists, retries
 * and serves them, and the runner registered on the job queue that makes them.
 */
export function createTaskServices(
  config: Pick<
    Config,
    'TASK_TIMEOUT_SECONDS' | 'TASK_RETRY_DELAY_SECONDS' | 'TASK_RESULT_TTL_HOURS' | 'XORRISO_PATH'
  >,
  deps: {
    db: Db;
    clock: Clock;
    log: FastifyBaseLogger;
    jobs: JobQueue;
    store: FileStore;
    catalogAccess: CatalogAccess;
    notifier: Notifier;
  },
): TaskServices {
  const { db, clock, jobs, store, catalogAccess } = deps;
  jobs.register(
    new TaskRunner(
      db,
      clock,
      store,
      catalogAccess,
      new MirrorResolver(db, catalogAccess),
      deps.notifier,
      deps.log,
      {
        resultTtlMs: config.TASK_RESULT_TTL_HOURS * 3_600_000,
        retryDelaySeconds: config.TASK_RETRY_DELAY_SECONDS,
        xorriso: config.XORRISO_PATH,
      },
    ),
  );
  return { tasks: new TaskService(db, clock, jobs, catalogAccess, store, config.TASK_TIMEOUT_SECONDS) };
}
