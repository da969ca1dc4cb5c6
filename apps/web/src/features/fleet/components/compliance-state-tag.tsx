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

/**
 * Solid colours dark enough for white text (WCAG AA 4.5:1); the words and an icon carry the
 * meaning as well, so the colour is never the only sign.
 */
export const STATE_COLOURS: Record<ComplianceState, string> = {
  vulnerable: '#a8071a',
  // antd's magenta-8: apart from vulnerable's red and outdated's brown, 4.5:1 with white text.
  under_investigation: '#9e1068',
  outdated: '#874d00',
  unsupported: '#531dab',
  unknown: '#595959',
  newer: '#0050b3',
  current: '#237804',
};

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
