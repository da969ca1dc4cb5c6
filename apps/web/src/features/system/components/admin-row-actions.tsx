import { useTranslation } from 'react-i18next';
import { RowAction } from '@/components/crud-page/row-action';
import { useActionFeedback } from '@/components/crud-page/use-action-feedback';
import { Authorized } from '@/lib/access';

type Feedback = ReturnType<ReturnType<typeof useActionFeedback>>;

/** "Edit" in an admin row, shown only to holders of `permission`. */
export function EditRowAction({ permission, onClick }: { permission: string; onClick: () => void }) {
  const { t } = useTranslation('system');
  return (
    <Authorized code={permission}>
      <RowAction onClick={onClick}>{t('admin.edit')}</RowAction>
    </Authorized>
  );
}

interface DeleteRowActionProps {
  /** Only holders of this permission see the button (the server checks it again). */
  permission: string;
  id: number;
  /** The delete mutation of the row's kind. */
  remove: { mutate: (id: number, feedback: Feedback) => void };
  /** The question asked before anything is deleted. */
  confirm: string;
  disabled?: boolean;
  /** Why it is disabled (e.g. a built-in role). */
  hint?: string;
}

/** "Delete" in an admin row: asks first, then toasts "Deleted" or the server's refusal. */
export function DeleteRowAction({ permission, id, remove, confirm, disabled, hint }: DeleteRowActionProps) {
  const { t } = useTranslation('system');
  const feedback = useActionFeedback();
  return (
    <Authorized code={permission}>
      <RowAction
        danger
        disabled={disabled}
        hint={hint}
        confirm={confirm}
        onClick={() => remove.mutate(id, feedback(t('admin.deleted')))}
      >
        {t('admin.delete')}
      </RowAction>
    </Authorized>
  );
}
