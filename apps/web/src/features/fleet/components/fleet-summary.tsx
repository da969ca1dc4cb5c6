import { COMPLIANCE_STATES, type ComplianceState, type FleetPage } from '@portal/contract';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { STATE_COLOURS } from '@/lib/state-colours';
import { STATE_ICONS } from './compliance-state-tag';

interface Props {
  summary: FleetPage['summary'] | undefined;
  /** The state the list is filtered by, if any. */
  active?: ComplianceState;
  onSelect: (state: ComplianceState | undefined) => void;
}

/**
 * Servers per worst state over the whole fleet, worst first: one stacked bar read at a glance,
 * and beside it each state in words with its count, a button that filters the list by it
 * (pressed again, it clears the filter).
 */
export function FleetSummary({ summary, active, onSelect }: Props) {
  const { t } = useTranslation('fleet');
  const counts = COMPLIANCE_STATES.map((state) => ({ state, count: summary?.[state] ?? 0 }));
  const total = counts.reduce((sum, part) => sum + part.count, 0);
  const toggle = (state: ComplianceState) => onSelect(active === state ? undefined : state);
  const described = counts
    .filter((part) => part.count > 0)
    .map((part) => t('summary.part', { state: t(`state.${part.state}`), count: part.count }))
    .join(', ');
  let offset = 0;
  return (
    <section aria-labelledby="fleet-summary-title" data-testid="fleet-summary" style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={5} id="fleet-summary-title" style={{ margin: 0 }}>
          {t('summary.title')}
        </Typography.Title>
        <Typography.Text type="secondary" data-testid="fleet-total">
          {t('summary.total', { count: total, total: formatNumber(total) })}
        </Typography.Text>
      </Flex>
      <svg
        role="img"
        aria-label={total ? t('summary.chart', { parts: described }) : t('summary.empty')}
        width="100%"
        height="20"
        viewBox="0 0 100 20"
        preserveAspectRatio="none"
        style={{ display: 'block', margin: '12px 0', borderRadius: 4, background: '#f0f0f0' }}
        data-testid="fleet-summary-bar"
      >
        {total > 0 &&
          counts.map(({ state, count }) => {
            if (!count) return null;
            const width = (count / total) * 100;
            const x = offset;
            offset += width;
            return (
              <rect
                key={state}
                x={x}
                y={0}
                width={width}
                height={20}
                fill={STATE_COLOURS[state]}
                opacity={active && active !== state ? 0.35 : 1}
                style={{ cursor: 'pointer' }}
                onClick={() => toggle(state)}
              />
            );
          })}
      </svg>
      <Flex wrap gap={8} role="group" aria-label={t('summary.title')}>
        {counts.map(({ state, count }) => (
          <Button
            key={state}
            size="small"
            type={active === state ? 'primary' : 'default'}
            aria-pressed={active === state}
            title={t('summary.filter', { state: t(`state.${state}`) })}
            onClick={() => toggle(state)}
            data-testid={`summary-${state}`}
          >
            <span style={{ color: active === state ? undefined : STATE_COLOURS[state] }} aria-hidden>
              {STATE_ICONS[state]}
            </span>
            {t(`state.${state}`)}
            <strong data-testid={`summary-count-${state}`}>{formatNumber(count)}</strong>
          </Button>
        ))}
      </Flex>
    </section>
  );
}
