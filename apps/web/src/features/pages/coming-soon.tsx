import { Card, Empty, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ComingSoonProps {
  title: string;
  /** What the page will offer, in the user's words. */
  description: ReactNode;
  /** E.g. a link to where the user can go meanwhile. */
  extra?: ReactNode;
}

/**
 * The empty state of a page whose feature arrives in a later release: it says what will be here
 * instead of showing sample data, so nobody mistakes a placeholder for real content.
 */
export function ComingSoon({ title, description, extra }: ComingSoonProps) {
  const { t } = useTranslation('pages');
  return (
    <Card data-testid="coming-soon">
      <Empty
        description={
          <Flex vertical align="center" gap="small">
            <Flex align="center" gap="small">
              <Typography.Title level={4} style={{ margin: 0 }}>
                {title}
              </Typography.Title>
              <Tag color="processing">{t('comingSoon.tag')}</Tag>
            </Flex>
            <Typography.Paragraph type="secondary" style={{ maxWidth: 560, margin: 0 }}>
              {description}
            </Typography.Paragraph>
          </Flex>
        }
      >
        {extra}
      </Empty>
    </Card>
  );
}
