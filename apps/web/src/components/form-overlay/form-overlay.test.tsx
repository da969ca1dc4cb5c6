import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { FormDrawer } from './form-drawer';
import { FormModal } from './form-modal';
import { useSaveFeedback } from './use-save-feedback';

type Values = { name: string };
type Save = (values: Values, callbacks: ReturnType<typeof useSaveFeedback>) => void;

/** A one-field form as the admin pages build theirs: the overlay, the form, the save feedback. */
function NameForm({ save, onClose, drawer = false }: { save: Save; onClose: () => void; drawer?: boolean }) {
  const [form] = Form.useForm<Values>();
  const callbacks = useSaveFeedback(form, 'Saved', onClose);
  const Overlay = drawer ? FormDrawer : FormModal;
  return (
    <Overlay
      title="Rename"
      form={form}
      saveText="Save"
      saving={false}
      saveTestId="name-save"
      onClose={onClose}
    >
      <Form<Values> form={form} onFinish={(values) => save(values, callbacks)}>
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name is required' }]}>
          <Input />
        </Form.Item>
      </Form>
    </Overlay>
  );
}

const renderForm = (props: Parameters<typeof NameForm>[0]) =>
  render(
    <App>
      <NameForm {...props} />
    </App>,
  );

describe.each([
  ['FormModal', false],
  ['FormDrawer', true],
])('%s', (_name, drawer) => {
  it('saves only a valid form, then toasts and closes', async () => {
    const onClose = vi.fn();
    const save = vi.fn<Save>((_values, callbacks) => callbacks.onSuccess());
    renderForm({ save, onClose, drawer });
    fireEvent.click(screen.getByTestId('name-save'));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ops' } });
    fireEvent.click(screen.getByTestId('name-save'));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ name: 'ops' }, expect.anything()));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("puts the server's field messages beside the fields and stays open", async () => {
    const onClose = vi.fn();
    const refused = new ApiError({
      code: 1012001,
      status: 400,
      message: 'Invalid input',
      data: [{ field: 'name', message: 'is already used' }],
    });
    renderForm({ save: (_values, callbacks) => callbacks.onError(refused), onClose, drawer });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ops' } });
    fireEvent.click(screen.getByTestId('name-save'));
    expect(await screen.findByText('is already used')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes without saving', () => {
    const onClose = vi.fn();
    const save = vi.fn<Save>();
    renderForm({ save, onClose, drawer });
    fireEvent.click(screen.getByRole('button', { name: drawer ? 'Close' : 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(save).not.toHaveBeenCalled();
  });
});
