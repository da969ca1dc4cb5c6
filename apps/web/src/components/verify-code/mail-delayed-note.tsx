import { Typography } from 'antd';

/**
 * The server's word that a mail is queued, not sent (its mail server is not answering): shown
 * where "code sent" would be, in the server's text, which is in the reader's language.
 */
export function MailDelayedNote({ text }: { text: string }) {
  return (
    <Typography.Text type="warning" role="status" data-testid="mail-delayed">
      {text}
    </Typography.Text>
  );
}
