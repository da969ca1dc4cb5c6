import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/** Copies a text to the clipboard and says whether it worked. */
export function useCopy() {
  const { t } = useTranslation('automation');
  const { message } = App.useApp();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('copy.copied'));
    } catch {
      void message.error(t('copy.failed'));
    }
  };
}
