import type { DeviceRequest } from '@portal/contract';
import { App, Button, Result, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { showFailure } from '@/lib/show-failure';
import { useDecideDeviceCode } from './api/decide-device-code';
import { useLookUpDeviceCode } from './api/look-up-device-code';
import { DeviceApprovalForm } from './components/device-approval-form';
import { DeviceCodeEntry } from './components/device-code-entry';

/**
 * `/device`: where `fwportal login` sends the person (RFC 8628 verification URI). Signed in, they
 * type the code (or the link fills it in), see which client asks, and approve it with the token
 * they choose, or deny it. Wrong codes are counted on the server.
 */
export function DeviceApprovalPage() {
  const { t } = useTranslation('automation');
  const { t: tPages } = useTranslation('pages');
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const linked = params.get('user_code') ?? '';
  const [request, setRequest] = useState<DeviceRequest>();
  const [decided, setDecided] = useState<boolean>();
  const lookUp = useLookUpDeviceCode({
    onSuccess: setRequest,
    onError: (error) => showFailure(error, message),
  });
  const decide = useDecideDeviceCode({
    onSuccess: ({ approved }) => setDecided(approved),
    onError: (error) => {
      setRequest(undefined);
      showFailure(error, message);
    },
  });

  // A link that carries the code looks it up at once; approving still takes a click.
  const looked = useRef(false);
  useEffect(() => {
    if (!linked || looked.current) return;
    looked.current = true;
    lookUp.mutate(linked);
  }, [linked, lookUp]);

  if (decided !== undefined)
    return (
      <Result
        status={decided ? 'success' : 'info'}
        title={t(decided ? 'device.done.approved' : 'device.done.denied')}
        subTitle={t(decided ? 'device.done.approvedHint' : 'device.done.deniedHint')}
        extra={<Link to={paths.welcome}>{t('device.done.console')}</Link>}
        data-testid="device-done"
      />
    );
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20 }}>
        {tPages('device.title')}
      </Typography.Title>
      {request ? (
        <DeviceApprovalForm
          request={request}
          pending={decide.isPending}
          onApprove={(token) => decide.mutate({ userCode: request.userCode, token })}
          onDeny={() => decide.mutate({ userCode: request.userCode })}
        />
      ) : (
        <DeviceCodeEntry
          initialCode={linked}
          pending={lookUp.isPending}
          onSubmit={(userCode) => lookUp.mutate(userCode)}
        />
      )}
      {request && (
        <Button type="link" onClick={() => setRequest(undefined)} style={{ paddingInline: 0 }}>
          {t('device.confirm.other')}
        </Button>
      )}
    </>
  );
}
