import { SettingOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '@/components/failure-alert';
import { type DisplaySettings, type PreferencesSyncStatus, useDisplaySettings } from '@/shell/settings';

const STATUS_COLORS: Record<PreferencesSyncStatus, string> = {
  off: 'default',
  loading: 'processing',
  local: 'warning',
  pending: 'processing',
  saving: 'processing',
  saved: 'success',
  failed: 'error',
};

/**
 * /account/settings/custom: the display settings of the drawer as they are kept for the user
 * on the server (they follow the user to other browsers). Changes happen in the drawer and are
 * saved by themselves; here the user sees them, saves them now, or goes back to the defaults.
 */
export function CustomSettings() {
  const { t } = useTranslation('account');
  const { t: ts } = useTranslation('settings');
  const { message } = App.useApp();
  const { settings, sync, saveNow, reset, setDrawerOpen } = useDisplaySettings();
  const onOff = (on: boolean) => t(on ? 'custom.on' : 'custom.off');

  const summary: Array<{ key: keyof DisplaySettings; label: string; value: ReactNode }> = [
    { key: 'navTheme', label: ts('navTheme.title'), value: ts(`navTheme.${settings.navTheme}`) },
    {
      key: 'primaryColor',
      label: ts('primaryColor.title'),
      value: (
        <Flex gap="small" align="center">
          <span
            aria-hidden
            style={{ width: 16, height: 16, borderRadius: 4, background: settings.primaryColor }}
          />
          {settings.primaryColor}
        </Flex>
      ),
    },
    { key: 'layout', label: ts('layout.title'), value: ts(`layout.${settings.layout}`) },
    {
      key: 'contentWidth',
      label: ts('contentWidth.title'),
      value: ts(settings.contentWidth === 'Fluid' ? 'contentWidth.fluid' : 'contentWidth.fixed'),
    },
    { key: 'fixedHeader', label: ts('fixedHeader.title'), value: onOff(settings.fixedHeader) },
    { key: 'autoHideHeader', label: ts('autoHideHeader.title'), value: onOff(settings.autoHideHeader) },
    { key: 'fixSiderbar', label: ts('fixSiderbar.title'), value: onOff(settings.fixSiderbar) },
    { key: 'colorWeak', label: ts('colorWeak.title'), value: onOff(settings.colorWeak) },
    { key: 'multiTab', label: ts('multiTab.title'), value: onOff(settings.multiTab) },
  ];

  const saved = (ok: boolean) => {
    if (ok) void message.success(t('custom.savedMessage'));
  };

  return (
    <Flex vertical gap="middle" data-testid="custom-settings">
      <Typography.Paragraph type="secondary">{t('custom.description')}</Typography.Paragraph>
      <Flex gap="small" align="center" wrap>
        <Typography.Text>{t('custom.status.label')}</Typography.Text>
        <Tag data-testid="custom-sync-status" data-status={sync.status} color={STATUS_COLORS[sync.status]}>
          {t(`custom.status.${sync.status}`)}
        </Tag>
      </Flex>
      <FailureAlert
        failure={
          sync.status === 'failed' && sync.error
            ? { title: t('custom.failed'), detail: sync.error }
            : undefined
        }
        gap={0}
      />
      <Descriptions
        data-testid="custom-summary"
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={summary.map(({ key, label, value }) => ({
          key,
          label,
          children: <span data-testid={`custom-value-${key}`}>{value}</span>,
        }))}
      />
      <Flex gap="small" wrap>
        <Button
          icon={<SettingOutlined />}
          data-testid="custom-open-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          {t('custom.openDrawer')}
        </Button>
        <Button
          type="primary"
          data-testid="custom-save"
          disabled={sync.status === 'off'}
          loading={sync.status === 'saving'}
          onClick={() => void saveNow().then(saved)}
        >
          {t('custom.save')}
        </Button>
        <Popconfirm
          title={t('custom.reset.confirm')}
          okText={t('custom.reset.ok')}
          cancelText={t('custom.cancel')}
          okButtonProps={{ 'data-testid': 'custom-reset-ok' }}
          onConfirm={() => reset().then(saved)}
        >
          <Button data-testid="custom-reset">{t('custom.reset.button')}</Button>
        </Popconfirm>
      </Flex>
    </Flex>
  );
}
