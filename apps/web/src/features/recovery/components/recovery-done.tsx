import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

interface RecoveryDoneProps {
  testId: string;
  /** 'info' when the step is done but its outcome is not there yet (a mail still queued). */
  status?: 'success' | 'info';
  title: string;
  description: string;
  /** The button's text, and its test id where the browser tests press it. */
  signIn: { text: string; testId?: string };
}

/** The end of a recovery step (link sent, password set): what happened, and on to sign-in. */
export function RecoveryDone({ testId, status = 'success', title, description, signIn }: RecoveryDoneProps) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      data-testid={testId}
      title={title}
      subTitle={description}
      extra={
        <Button type="primary" data-testid={signIn.testId} onClick={() => navigate(paths.login)}>
          {signIn.text}
        </Button>
      }
    />
  );
}
