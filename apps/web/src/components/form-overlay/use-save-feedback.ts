import { App, type FormInstance } from 'antd';
import { showFailure } from '@/lib/show-failure';

/**
 * The callbacks of a form's save: a toast with `saved` and `onClose` once done; when refused,
 * the server's per-field messages go beside the fields of `form` (see `showFailure`).
 */
export function useSaveFeedback(form: FormInstance, saved: string, onClose: () => void) {
  const { message } = App.useApp();
  return {
    onSuccess: () => {
      void message.success(saved);
      onClose();
    },
    onError: (error: Error) => showFailure(error, message, form),
  };
}
