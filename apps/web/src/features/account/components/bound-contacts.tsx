import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, List, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import type { ContactKind } from '../api/bind-contact';
import { useProfile } from '../api/get-profile';
import { ChangeContactDialog } from './change-contact-dialog';

const ICONS = { email: <MailOutlined />, phone: <MobileOutlined /> } as const;

/** The bound email and phone, each with a dialog that proves and binds a new one. */
export function BoundContacts() {
  const { t } = useTranslation('account');
  const profile = useProfile();
  const [changing, setChanging] = useState<ContactKind>();

  if (profile.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (profile.isError) {
    return <FailureAlert failure={failureOf(profile.error, t('base.loadFailed'))} gap={0} />;
  }
  const rows: ContactKind[] = ['email', 'phone'];
  return (
    <section>
      <Typography.Title level={5}>{t('contact.title')}</Typography.Title>
      <List
        dataSource={rows}
        renderItem={(kind) => {
          const value = profile.data[kind];
          return (
            <List.Item
              data-testid={`bound-${kind}`}
              actions={[
                <Button key="change" data-testid={`change-${kind}`} onClick={() => setChanging(kind)}>
                  {t(value ? 'contact.change' : 'contact.bind')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={ICONS[kind]}
                title={t(`contact.${kind}.title`)}
                description={
                  <span data-testid={`bound-${kind}-value`}>{value || t('contact.notBound')}</span>
                }
              />
            </List.Item>
          );
        }}
      />
      {changing && <ChangeContactDialog kind={changing} onClose={() => setChanging(undefined)} />}
    </section>
  );
}
