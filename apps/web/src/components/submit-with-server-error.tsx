import { Button } from 'antd';
import type { ReactNode } from 'react';
import { FailureAlert } from './failure-alert';

interface SubmitWithServerErrorProps {
  /** The server's refusal of the last attempt, if any. */
  serverError: string | undefined;
  testId: string;
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/**
 * The end of a signed-out page's form (registration, password recovery): what the server
 * refused right above the wide submit button, where the eye goes after pressing it.
 */
export function SubmitWithServerError({
  serverError,
  testId,
  loading,
  disabled,
  children,
}: SubmitWithServerErrorProps) {
  return (
    <>
      <FailureAlert failure={serverError ? { title: serverError } : undefined} />
      <Button
        data-testid={testId}
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={loading}
        disabled={disabled}
      >
        {children}
      </Button>
    </>
  );
}
