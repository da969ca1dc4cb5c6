import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { readStored } from '@/lib/storage';
import { ComingSoon } from './coming-soon';

/**
 * /tools_download: where a token link (or a stored tool request) lands. It names the tool the
 * other system asked for; the download itself comes with the software issue.
 */
export function RequestedToolPage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  // Read once: the request is a fact of this visit, not something that changes while it is shown.
  const [tool] = useState(() => readStored('requestTool'));
  return (
    <ComingSoon
      title={t('requestedTool.title')}
      description={
        tool ? (
          <span data-testid="requested-tool">{t('requestedTool.description', { tool })}</span>
        ) : (
          t('requestedTool.none')
        )
      }
      extra={
        <Button type="primary" onClick={() => navigate(paths.softwareDownload)}>
          {t('requestedTool.browse')}
        </Button>
      }
    />
  );
}
