import { AppError } from '../../lib/app-error';
import { isMessageKey, type MessageKey } from '../../lib/i18n/messages';

/** A zod issue, or a Fastify validation issue (JSON-pointer path), reduced to what is reported. */
type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * A version's prerequisites that fail the contract (`versionPrerequisitesSchema`) as one clear
 * answer: 400 PUBLISH_PREREQUISITE_INVALID, each wrong line named (`prerequisites.2.component`)
 * with a message in the reader's language. Null when no issue concerns the prerequisites.
 */
export function prerequisiteError(issues: Issue[], prefix: string[] = []): AppError | null {
  const concerned = issues.filter((issue) => issue.path[0] === 'prerequisites');
  if (concerned.length === 0) return null;
  return new AppError('PUBLISH_PREREQUISITE_INVALID', {
    fields: concerned.map((issue) => ({
      field: [...prefix, ...issue.path.map(String)].join('.'),
      // A wrong type (not a list, not a string) has zod's own message: say what the place needs.
      messageKey: isMessageKey(issue.message)
        ? (issue.message as MessageKey)
        : issue.path.includes('minVersion')
          ? 'PREREQUISITE_VERSION'
          : 'PREREQUISITE_COMPONENT',
    })),
  });
}

/** Fastify's validation issues (`/prerequisites/0/component`) as paths. */
export function validationIssues(validation: { instancePath: string; message?: string }[]): Issue[] {
  return validation.map((issue) => ({
    path: issue.instancePath.split('/').filter(Boolean),
    message: issue.message ?? '',
  }));
}
