import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  FileSearchOutlined,
  QuestionCircleOutlined,
  RiseOutlined,
  StopOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ComplianceState } from '@portal/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STATE_COLOURS } from '@/lib/state-colours';

export const STATE_ICONS: Record<ComplianceState, ReactNode> = {
  vulnerable: <WarningOutlined />,
  under_investigation: <FileSearchOutlined />,
  outdated: <ClockCircleOutlined />,
  unsupported: <StopOutlined />,
  unknown: <QuestionCircleOutlined />,
  newer: <RiseOutlined />,
  current: <CheckCircleOutlined />,
};

/** A compliance state in words ("Outdated") with its icon and colour. */
export function ComplianceStateTag({ state }: { state: ComplianceState }) {
  const { t } = useTranslation('fleet');
  return (
    <Tag
      color={STATE_COLOURS[state]}
      icon={STATE_ICONS[state]}
      data-testid={`state-${state}`}
      style={{ marginInlineEnd: 0 }}
    >
      {t(`state.${state}`)}
    </Tag>
  );
}
