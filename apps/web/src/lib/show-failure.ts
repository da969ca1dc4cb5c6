import type { FormInstance } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { fieldErrorsOf } from '@/lib/api-error';

/**
 * A refused save: the server's per-field messages go next to their fields (the form's field
 * names are the contract's), anything else becomes one message at the top of the page.
 */
export function showFailure(error: Error, message: MessageInstance, form?: FormInstance) {
  const fields = form
    ? fieldErrorsOf(error).filter(({ field }) => form.getFieldInstance(field) !== undefined)
    : [];
  if (form && fields.length > 0) {
    form.setFields(fields.map(({ field, message: text }) => ({ name: field, errors: [text] })));
    return;
  }
  void message.error(error.message);
}
