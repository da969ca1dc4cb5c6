import { Alert } from 'antd';

/** What went wrong last, spec 8 style: a title (fixed and translated, or the server's message) and details. */
export interface Failure {
  title: string;
  detail?: string;
}

/**
 * A failed load as a failure: the fixed title over the server's message, or the message alone
 * as the title; nothing while there is no error (a query's `error` is null then).
 */
export function failureOf(error: Error | null, title?: string): Failure | undefined {
  if (!error) return undefined;
  return title === undefined ? { title: error.message } : { title, detail: error.message };
}

/**
 * The last failure of a form, above or inside it: announced to screen readers at once
 * (role alert) and gone when there is none. `gap` is the space to what follows: 0 inside a
 * layout that spaces its children itself (a Flex or Space with a gap).
 */
export function FailureAlert({ failure, gap = 16 }: { failure: Failure | undefined; gap?: 0 | 16 | 24 }) {
  if (!failure) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={failure.title}
      description={failure.detail}
      style={{ marginBottom: gap }}
    />
  );
}
