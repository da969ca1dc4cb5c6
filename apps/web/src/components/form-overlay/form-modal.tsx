import { Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import type { FormSave } from './form-save';

type FormModalProps = FormSave &
  Omit<ModalProps, 'open' | 'okText' | 'okButtonProps' | 'onOk' | 'onCancel'> & {
    /** Cancel, the close button and Escape; the caller unmounts the modal. */
    onClose: () => void;
    /** A save that cannot be undone (e.g. a recall) shows its button in red. */
    danger?: boolean;
    children: ReactNode;
  };

/**
 * A modal around one form, open while mounted: OK submits the form (its validation first), and
 * shows `saving` while the request is under way.
 */
export function FormModal({
  form,
  saveText,
  saving,
  saveTestId,
  onClose,
  danger,
  children,
  ...modalProps
}: FormModalProps) {
  return (
    <Modal
      open
      {...modalProps}
      okText={saveText}
      okButtonProps={{ danger, loading: saving, 'data-testid': saveTestId }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {children}
    </Modal>
  );
}
