import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

interface RemoteSelectProps<Value> extends SelectProps<Value> {
  /** True while the options are still being fetched. */
  pending: boolean;
}

/**
 * A select whose options come from the server (a dictionary, the roles, the models) and whose value
 * may be set before they arrive. antd shows a value it has no option for as the value itself: an
 * industry code or a model's number would flash on the screen until the list loads. Here it reads
 * "Loading…" until then, and "No longer available" where the list has no such entry any more.
 */
export function RemoteSelect<Value = unknown>({ pending, loading, ...props }: RemoteSelectProps<Value>) {
  const { t } = useTranslation('common');
  return (
    <Select<Value>
      loading={loading ?? pending}
      labelRender={({ label }) => label ?? (pending ? t('app.loading') : t('select.unavailable'))}
      {...props}
    />
  );
}
