import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  HourglassOutlined,
} from '@ant-design/icons';
import type { Art14StageRow, Art14StageState } from '@portal/contract';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

/** Solid colours dark enough for white text (WCAG AA 4.5:1), as the fleet's state tags. */
const COLOURS: Record<Art14StageState, string> = {
  overdue: '#a8071a',
  dueSoon: '#874d00',
  open: '#0050b3',
  submitted: '#237804',
  waitingForFix: '#595959',
};

const ICONS: Record<Art14StageState, ReactNode> = {
  overdue: <ExclamationCircleOutlined />,
  dueSoon: <ClockCircleOutlined />,
  open: <ClockCircleOutlined />,
  submitted: <CheckCircleOutlined />,
  waitingForFix: <HourglassOutlined />,
};

/**
 * One report's deadline and state. Overdue is red and also says so in words with its own icon:
 * the colour alone tells nothing to a screen reader or a colour-blind reader.
 */
export function StageState({ stage, testId }: { stage: Art14StageRow; testId: string }) {
  const { t } = useTranslation('psirt');
  const time = formatDateTime(stage.state === 'submitted' ? stage.submittedAt : stage.dueAt);
  return (
    <div data-testid={testId} data-state={stage.state}>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {t(`art14.stage.${stage.stage}`)}
      </Typography.Text>
      <Tag color={COLOURS[stage.state]} icon={ICONS[stage.state]} style={{ marginInlineEnd: 0 }}>
        {t(`art14.state.${stage.state}`, { time })}
      </Tag>
    </div>
  );
}
