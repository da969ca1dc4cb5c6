import type { MessageKey } from '../../lib/i18n/messages';
import { PermanentJobError } from '../../lib/jobs/job-types';

/** A task failure the user can read (a task-log message key); retrying would not help. */
export class TaskError extends PermanentJobError {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    options?: ErrorOptions,
  ) {
    super(key, options);
  }
}
