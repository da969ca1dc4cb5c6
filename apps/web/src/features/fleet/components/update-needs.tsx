import type { ComponentCompliance, PrerequisiteStatus } from '@portal/contract';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<PrerequisiteStatus, string | undefined> = {
  satisfied: 'success',
  unsatisfied: 'error',
  unknown: undefined,
};

/**
 * What installing a component's target needs on this server: its step in the install order
 * (the list is in that order), a reboot, and each prerequisite with whether this server's
 * installed version already meets it.
 */
export function UpdateNeeds({
  target,
  step,
}: {
  target: NonNullable<ComponentCompliance['target']>;
  step: number;
}) {
  const { t } = useTranslation('fleet');
  return (
    <Flex vertical gap={4} data-testid="component-update-needs">
      <Flex gap={4} wrap>
        <Tag>{t('detail.installStep', { step })}</Tag>
        <Tag color={target.rebootRequired ? 'warning' : undefined} data-testid="component-reboot">
          {t(target.rebootRequired ? 'detail.rebootRequired' : 'detail.noReboot')}
        </Tag>
      </Flex>
      {target.prerequisites.map((line) => (
        <Flex key={line.component} gap={4} wrap align="center" data-testid="component-prerequisite">
          <Typography.Text>
            {t('detail.prerequisite', { component: line.component, version: line.minVersion })}
          </Typography.Text>
          <Tag color={STATUS_COLOURS[line.status]}>
            {line.installed === null
              ? t('prerequisite.notReported')
              : t(`prerequisite.${line.status}`, { version: line.installed })}
          </Tag>
        </Flex>
      ))}
    </Flex>
  );
}
