import type { FormInstance } from 'antd';
import type { FormSave } from './form-save';
import { useSaveFeedback } from './use-save-feedback';

/** The part of a React Query mutation a form's save uses. */
interface SaveMutation<Variables> {
  mutate: (variables: Variables, callbacks: ReturnType<typeof useSaveFeedback>) => void;
  isPending: boolean;
}

/**
 * The save of a form in a drawer or a modal, one mutation: the overlay's props
 * (`<FormDrawer {...overlay} …>`) and `save(variables)`, which toasts `saved` and calls `onClose`
 * once done; a refusal's per-field messages go beside the fields (see `useSaveFeedback`).
 */
export function useFormSave<Variables>(
  form: FormInstance,
  mutation: SaveMutation<Variables>,
  saved: string,
  onClose: () => void,
) {
  const callbacks = useSaveFeedback(form, saved, onClose);
  const overlay: Pick<FormSave, 'form' | 'saving'> & { onClose: () => void } = {
    form,
    saving: mutation.isPending,
    onClose,
  };
  return { overlay, save: (variables: Variables) => mutation.mutate(variables, callbacks) };
}
