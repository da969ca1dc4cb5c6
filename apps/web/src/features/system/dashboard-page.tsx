import { Alert, Card, Col, Row, Segmented, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { useDashboard } from './api/audit-and-dashboard';
import { BarChart } from './components/bar-chart';
import { InstalledBaseCard } from './components/installed-base-card';

const WINDOWS = [7, 30, 90] as const;

/**
 * /system/dashboard: downloads, top firmware, sign-ins, failed sign-ins, task backlog and the
 * installed base (versions customers' servers run).
 */
export function DashboardPage({ title }: { title: string }) {
  const { t } = useTranslation('system');
  const [days, setDays] = useState<number>(30);
  const stats = useDashboard(days);
  /** The card of one day-by-day series: bars labelled MM-DD, about ten labels whatever the window. */
  const perDayChart = (caption: string, points: { date: string; value: number }[], testId: string) => (
    <Col xs={24} lg={12}>
      <Card size="small">
        <BarChart
          title={caption}
          points={points.map((point) => ({ label: point.date.slice(5), value: point.value }))}
          labelEvery={Math.ceil(days / 10)}
          testId={testId}
        />
      </Card>
    </Col>
  );

  const body = () => {
    if (stats.isPending) return <Skeleton active />;
    if (stats.isError) return <FailureAlert failure={failureOf(stats.error)} gap={0} />;
    const { totals, taskBacklog, topItems } = stats.data;
    return (
      <>
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          <Col xs={12} md={4}>
            <Statistic
              title={t('dashboard.downloads')}
              value={totals.downloads}
              data-testid="stat-downloads"
            />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('dashboard.signIns')} value={totals.signIns} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('dashboard.failedSignIns')} value={totals.failedSignIns} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('dashboard.users')} value={totals.users} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('dashboard.published')} value={totals.publishedVersions} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic
              title={t('dashboard.backlog')}
              value={taskBacklog.pending + taskBacklog.running}
              suffix={
                taskBacklog.failed > 0 ? t('dashboard.failedTasks', { count: taskBacklog.failed }) : undefined
              }
            />
          </Col>
        </Row>
        <Row gutter={[16, 16]}>
          {perDayChart(t('dashboard.downloadsPerDay'), stats.data.downloadsPerDay, 'chart-downloads')}
          {perDayChart(t('dashboard.signInsPerDay'), stats.data.signInsPerDay, 'chart-signins')}
          {perDayChart(t('dashboard.failedSignInsPerDay'), stats.data.failedSignInsPerDay, 'chart-failed')}
          <Col xs={24} lg={12}>
            <Card size="small" title={t('dashboard.topItems')}>
              {topItems.length === 0 ? (
                <Alert type="info" title={t('dashboard.noDownloads')} />
              ) : (
                <>
                  <BarChart
                    title={t('dashboard.topItems')}
                    // Bars are numbered like the list below, which names the items in full.
                    points={topItems.map((item, index) => ({
                      label: String(index + 1),
                      name: item.name,
                      value: item.value,
                    }))}
                    testId="chart-top"
                  />
                  <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="top-items">
                    {topItems.map((item) => (
                      <li key={item.itemCode}>
                        {item.name} <span style={{ float: 'right' }}>{item.value}</span>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </Card>
          </Col>
          <Col xs={24}>
            <InstalledBaseCard />
          </Col>
        </Row>
      </>
    );
  };

  return (
    <Card
      title={title}
      data-testid="dashboard-page"
      extra={
        <Segmented<number>
          value={days}
          onChange={setDays}
          options={WINDOWS.map((value) => ({ value, label: t('dashboard.days', { days: value }) }))}
        />
      }
    >
      {body()}
    </Card>
  );
}
