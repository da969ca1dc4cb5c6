import { type ComponentCompliance, consoleVersionPathOf } from '@portal/contract';
import { missingUpdateOf } from '@portal/contract/compliance';
import { Alert, Card, Descriptions, Empty, Flex, Grid, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { formatSize } from '@/lib/format-size';
import { componentNameOf } from '../utils/component-name';
import { ComplianceStateTag } from './compliance-state-tag';
import { ComponentAdvisories } from './component-advisories';
import { UpdateNeeds } from './update-needs';

/**
 * Each component of a server as a block of its own (label beside value, one column on a phone):
 * what is installed and who said so, what to install instead, and why.
 */
export function ComponentList({ components }: { components: ComponentCompliance[] }) {
  const { t } = useTranslation('fleet');
  if (components.length === 0) return <Empty description={t('detail.noComponents')} />;
  // Only an update to make is a step: a current or unknown component in between takes no number.
  const steps = new Map<string, number>();
  for (const component of components) if (isDue(component)) steps.set(component.component, steps.size + 1);
  return (
    <section aria-labelledby="server-components" data-testid="server-components">
      <Typography.Title level={5} id="server-components">
        {t('detail.components')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('detail.installOrder')}</Typography.Paragraph>
      <Flex vertical gap={12}>
        {components.map((component) => (
          <ComponentCard
            key={component.component}
            component={component}
            step={steps.get(component.component) ?? 0}
          />
        ))}
      </Flex>
    </section>
  );
}

/** What the bundles call missing: vulnerable, or behind its target (under investigation too). */
const isDue = (component: ComponentCompliance) => missingUpdateOf(component) !== null;

function ComponentCard({ component, step }: { component: ComponentCompliance; step: number }) {
  const { t } = useTranslation('fleet');
  const { target, contradicts } = component;
  // A phone has no room for a label column: each label sits above its value.
  const phone = Grid.useBreakpoint().xs === true;
  const items = [
    {
      key: 'installed',
      label: t('detail.installed'),
      children: (
        <Flex vertical gap={4}>
          <Typography.Text strong data-testid="component-installed">
            {component.installed ?? t('detail.notReported')}
          </Typography.Text>
          {component.source && (
            <Typography.Text type="secondary">
              {t('detail.seen', {
                source: t(`source.${component.source}`),
                date: formatDateTime(component.seenAt),
              })}
            </Typography.Text>
          )}
          {(component.state === 'outdated' || component.state === 'under_investigation') &&
            component.behind > 0 && (
              <Typography.Text data-testid="component-behind">
                {t('detail.behind', { count: component.behind })}
              </Typography.Text>
            )}
          {contradicts && (
            <Alert
              type="warning"
              showIcon
              data-testid="component-contradicts"
              title={t('detail.contradicts', {
                version: contradicts.version,
                date: formatDateTime(contradicts.seenAt),
                source: t(`source.${contradicts.source}`),
              })}
            />
          )}
        </Flex>
      ),
    },
    {
      key: 'target',
      label: t('detail.target'),
      children: target ? (
        <Flex vertical gap={4} data-testid="component-target">
          <Link to={consoleVersionPathOf(component.kind, target.versionId)}>
            {target.itemName} {target.version}
          </Link>
          {component.baseline && (
            <Typography.Text type="secondary" data-testid="component-baseline">
              {t('detail.baseline', { name: component.baseline })}
            </Typography.Text>
          )}
          <Typography.Text>
            {t('detail.file')}: {target.fileName} ({formatSize(target.fileSize)})
          </Typography.Text>
          <Typography.Text
            code
            style={{ wordBreak: 'break-all' }}
            copyable={{ text: target.sha256, tooltips: [t('detail.copy'), t('detail.copied')] }}
            data-testid="component-sha256"
          >
            {t('detail.sha256')} {target.sha256}
          </Typography.Text>
        </Flex>
      ) : (
        t('detail.noTarget')
      ),
    },
    // What the update needs matters only where there is one to make.
    ...(target && isDue(component)
      ? [
          {
            key: 'update',
            label: t('detail.updateNeeds'),
            children: <UpdateNeeds target={target} step={step} />,
          },
        ]
      : []),
    {
      key: 'advisories',
      label: t('detail.advisories'),
      children: <ComponentAdvisories advisories={component.advisories} />,
    },
    // Advisories still investigating the version it runs (issue 43 §2): no fix to name yet.
    ...(component.investigating.length > 0
      ? [
          {
            key: 'investigating',
            label: t('detail.investigating'),
            children: (
              <ComponentAdvisories advisories={component.investigating} testId="component-investigating" />
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      size="small"
      title={componentNameOf(component, t)}
      styles={{ title: { whiteSpace: 'normal' } }}
      extra={<ComplianceStateTag state={component.state} />}
      data-testid={`component-${component.component}`}
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        layout={phone ? 'vertical' : 'horizontal'}
        items={items}
      />
    </Card>
  );
}
