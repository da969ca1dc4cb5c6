import type { FormInstance } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { fieldErrorsOf } from '@/lib/api-error';

/**
 * A refused save: the server's per-field messages go next to their fields (the form's field
 * names are the contract's), anything else becomes one message at the top of the page.
 */
export function showFailure(error: Error, message: MessageInstance, form?: FormInstance) {
  const fields = form
    ? fieldErrorsOf(error)
        .map(({ field, message: text }) => ({ name: namePathOf(field), text }))
        .filter(({ name }) => form.getFieldInstance(name) !== undefined)
    : [];
  if (form && fields.length > 0) {
    form.setFields(fields.map(({ name, text }) => ({ name, errors: [text] })));
    return;
  }
  void message.error(error.message);
}

/** The server's `prerequisites.1.minVersion` as the form's name path `['prerequisites', 1, 'minVersion']`. */
function namePathOf(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
