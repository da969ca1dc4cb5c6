import { COMPLIANCE_STATES, type ServerCompliance } from '@portal/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATE_COLOURS } from '@/lib/state-colours';
import { STATE_ICONS } from './compliance-state-tag';

/** A server's components per state, the states it has only, worst first ("Outdated 2 · Current 5"). */
export function StateCounts({ counts }: { counts: ServerCompliance['counts'] }) {
  const { t } = useTranslation('fleet');
  const present = COMPLIANCE_STATES.filter((state) => (counts[state] ?? 0) > 0);
  return (
    <Flex wrap gap={8} data-testid="server-counts">
      {present.map((state) => (
        <Typography.Text key={state} style={{ whiteSpace: 'nowrap' }}>
          <span style={{ color: STATE_COLOURS[state] }} aria-hidden>
            {STATE_ICONS[state]}
          </span>{' '}
          {t('counts.part', { state: t(`state.${state}`), count: counts[state] })}
        </Typography.Text>
      ))}
    </Flex>
  );
}
