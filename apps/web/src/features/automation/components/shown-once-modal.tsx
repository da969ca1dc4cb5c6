import { Alert, Button, Flex, Modal } from 'antd';
import type { ReactNode } from 'react';

interface ShownOnceModalProps {
  open: boolean;
  onClose: () => void;
  /** Once the closing motion is over (and the focus is back where it was): forget the secret. */
  afterClose: () => void;
  title: string;
  /** Why to copy it now: the portal keeps only a digest and cannot show it again. */
  warning: string;
  doneText: string;
  /** The dialog's test id; its button's is `<testId>-close`. */
  testId: string;
  children: ReactNode;
}

/**
 * A secret the portal shows this once (an API token, a feed URL, a webhook's signing secret):
 * a click beside the dialog does not close it, which would lose the secret by mistake.
 */
export function ShownOnceModal({
  open,
  onClose,
  afterClose,
  title,
  warning,
  doneText,
  testId,
  children,
}: ShownOnceModalProps) {
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      data-testid={testId}
      title={title}
      onCancel={onClose}
      mask={{ closable: false }}
      width={720}
      footer={
        <Button type="primary" onClick={onClose} data-testid={`${testId}-close`}>
          {doneText}
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <Alert type="warning" showIcon role="alert" title={warning} />
        {children}
      </Flex>
    </Modal>
  );
}
