import { Button, Drawer, type DrawerProps } from 'antd';
import type { ReactNode } from 'react';
import type { FormSave } from './form-save';

type FormDrawerProps = FormSave &
  Omit<DrawerProps, 'open' | 'extra' | 'onClose'> & {
    /** Defaults to open while mounted; a drawer kept mounted (to keep its form) passes it. */
    open?: boolean;
    onClose: () => void;
    children: ReactNode;
  };

/**
 * A drawer around one long form, with the save button in its header (always in reach however
 * far the form scrolls); the button submits the form, its validation first.
 */
export function FormDrawer({
  form,
  saveText,
  saving,
  saveTestId,
  open = true,
  onClose,
  children,
  ...drawerProps
}: FormDrawerProps) {
  return (
    <Drawer
      open={open}
      {...drawerProps}
      onClose={onClose}
      extra={
        <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid={saveTestId}>
          {saveText}
        </Button>
      }
    >
      {children}
    </Drawer>
  );
}
