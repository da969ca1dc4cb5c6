import { Alert } from 'antd';

/** What went wrong last, spec 8 style: a title (fixed and translated, or the server's message) and details. */
export interface Failure {
  title: string;
  detail?: string;
}

/**
 * The last failure of a form, above or inside it: announced to screen readers at once
 * (role alert) and gone when there is none. `gap` is the space to what follows.
 */
export function FailureAlert({ failure, gap = 16 }: { failure: Failure | undefined; gap?: 16 | 24 }) {
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
