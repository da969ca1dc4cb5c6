import type { FleetBaseline } from '@portal/contract';
import { App, Button, Card, Drawer, Empty, Grid, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { formatDateTime } from '@/lib/format';
import { useFleetBaselines, useRemoveFleetBaseline } from '../api/fleet-baselines';
import { baselineComponentName } from '../utils/baseline-form-values';
import { BaselineFormDrawer } from './baseline-form-drawer';

/** What the form drawer edits: a new baseline, or the one of a model. */
type Editing = { baseline?: FleetBaseline } | undefined;

/**
 * My baselines, one per model: the versions its components should run. Compliance compares
 * with them instead of the newest release; removing one goes back to the newest release.
 */
export function BaselinesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('fleet');
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const baselines = useFleetBaselines({ enabled: open });
  const removal = useRemoveFleetBaseline();
  const [editing, setEditing] = useState<Editing>();
  const rows = baselines.data ?? [];
  const remove = (model: string) =>
    removal.mutate(model, {
      onSuccess: () => void message.success(t('baselines.removed')),
      onError: (error) => void message.error(error.message),
    });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={screens.md ? 640 : '100%'}
      title={t('baselines.title')}
      extra={
        <Button type="primary" onClick={() => setEditing({})} data-testid="baseline-new">
          {t('baselines.new')}
        </Button>
      }
      data-testid="baselines-drawer"
    >
      <Typography.Paragraph type="secondary">{t('baselines.intro')}</Typography.Paragraph>
      <FailureAlert failure={failureOf(baselines.error, t('baselines.loadFailed'))} />
      {baselines.isPending && open ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty description={t('baselines.empty')} />
      ) : (
        rows.map((baseline) => (
          <Card
            key={baseline.model}
            size="small"
            title={t('baselines.heading', { model: baseline.model, name: baseline.name })}
            extra={
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing({ baseline })}
                  data-testid={`baseline-edit-${baseline.model}`}
                >
                  {t('baselines.edit')}
                </Button>
                <Popconfirm
                  title={t('baselines.removeConfirm', { model: baseline.model })}
                  onConfirm={() => remove(baseline.model)}
                >
                  <Button type="link" size="small" danger data-testid={`baseline-remove-${baseline.model}`}>
                    {t('baselines.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            }
            style={{ marginBottom: 12 }}
            data-testid={`baseline-${baseline.model}`}
          >
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              {baseline.versions
                .map((entry) =>
                  t('baselines.pinned', {
                    component: baselineComponentName(entry.component, t),
                    version: entry.version,
                  }),
                )
                .join(t('detail.separator'))}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {t('baselines.updated', { date: formatDateTime(baseline.updateTime) })}
            </Typography.Text>
          </Card>
        ))
      )}
      {editing && (
        <BaselineFormDrawer
          baseline={editing.baseline}
          pinnedModels={rows.map((row) => row.model)}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Drawer>
  );
}
