import type { UserAdminRow } from '@portal/contract';
import { App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/lib/access';
import { useAssignOrganisation, useOrganisations } from '../api/users';
import { RemoteSelect } from '@/components/remote-select';

/**
 * The staff-made link between an account and a customer organisation: what makes that
 * organisation's servers, entitlements and restricted firmware the user's. The company the user
 * typed is shown beside it as a request staff may approve.
 */
export function OrganisationAssign({ user }: { user: UserAdminRow }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const organisations = useOrganisations();
  const assign = useAssignOrganisation();
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const done = {
    onSuccess: () => void message.success(t('users.organisation.saved')),
    onError: (error: Error) => void message.error(error.message),
  };
  const typed = user.company.trim();
  const typedMatches = typed !== '' && user.organisation?.name === typed;

  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }} data-testid="organisation-assign">
      <Typography.Text data-testid="organisation-current">
        {user.organisation ? user.organisation.name : t('users.organisation.none')}
      </Typography.Text>
      <Authorized code="sysUser:edit">
        <Space wrap>
          <RemoteSelect
            showSearch
            allowClear
            style={{ minWidth: 240 }}
            aria-label={t('users.organisation.choose')}
            placeholder={t('users.organisation.choose')}
            pending={organisations.isPending}
            optionFilterProp="label"
            value={chosen === undefined ? user.organisation?.id : (chosen ?? undefined)}
            options={(organisations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            onChange={(value: number | undefined) => setChosen(value ?? null)}
            data-testid="organisation-select"
          />
          <Button
            type="primary"
            disabled={chosen === undefined}
            loading={assign.isPending}
            onClick={() => assign.mutate({ id: user.id, body: { organisationId: chosen ?? null } }, done)}
            data-testid="organisation-save"
          >
            {t('users.organisation.save')}
          </Button>
          {typed !== '' && !typedMatches && (
            <Button
              loading={assign.isPending}
              onClick={() => assign.mutate({ id: user.id, body: { name: typed } }, done)}
              data-testid="organisation-approve"
            >
              {t('users.organisation.approve', { company: typed })}
            </Button>
          )}
        </Space>
      </Authorized>
    </Space>
  );
}
