import type { Webhook, WebhookCreated } from '@portal/contract';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { usePingWebhook } from '../api/ping-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { CreateWebhookForm } from './create-webhook-form';
import { SectionWithIntro, TitledPart } from './section-layout';
import { WebhookCreatedModal } from './webhook-created-modal';
import { WebhookDeliveriesDrawer } from './webhook-deliveries-drawer';
import { WebhookEditModal } from './webhook-edit-modal';
import { WebhookTable } from './webhook-table';

/** While the newest delivery of a webhook waits for the job queue, the list looks again this often. */
const PENDING_POLL_MS = 3_000;

/** One window at a time over the list: the secret of a new webhook, an edit, or a delivery log. */
type Opened =
  | { kind: 'created'; webhook: WebhookCreated }
  | { kind: 'edit'; webhook: Webhook }
  | { kind: 'log'; webhook: Webhook };

/** Account settings -> Webhooks: add one (its secret shown once), list, switch, edit, test and delete mine. */
export function WebhooksSection() {
  const { t } = useTranslation('automation');
  const { message } = App.useApp();
  const webhooks = useWebhooks({
    refetchInterval: (query) =>
      query.state.data?.some((webhook) => webhook.lastDelivery?.status === 'pending')
        ? PENDING_POLL_MS
        : false,
  });
  const [opened, setOpened] = useState<Opened>();
  const [showing, setShowing] = useState(false);
  // What opened the window: the focus goes back there once it is closed (a drawer does not do it itself).
  const opener = useRef<HTMLElement | null>(null);

  const open = (next: Opened) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpened(next);
    setShowing(true);
  };
  const forget = () => {
    setOpened(undefined);
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  };

  const failed = (error: Error) => void message.error(error.message);
  const toggle = useUpdateWebhook({
    onSuccess: (webhook) =>
      void message.success(t(webhook.active ? 'webhooks.activated' : 'webhooks.deactivated')),
    onError: failed,
  });
  const ping = usePingWebhook({
    onSuccess: () => void message.success(t('webhooks.pinged')),
    onError: failed,
  });
  const remove = useDeleteWebhook({
    onSuccess: () => void message.success(t('webhooks.deleted')),
    onError: failed,
  });

  return (
    <SectionWithIntro name="webhooks" intro={t('webhooks.intro')}>
      <TitledPart id="webhooks-create" title={t('webhooks.create.title')}>
        <CreateWebhookForm onCreated={(webhook) => open({ kind: 'created', webhook })} />
      </TitledPart>
      <TitledPart id="webhooks-list" title={t('webhooks.list.title')}>
        <WebhookTable
          webhooks={webhooks}
          busy={{
            toggling: toggle.isPending ? toggle.variables.id : undefined,
            pinging: ping.isPending ? ping.variables : undefined,
            deleting: remove.isPending ? remove.variables : undefined,
          }}
          onToggle={(webhook, active) => toggle.mutate({ id: webhook.id, changes: { active } })}
          onEdit={(webhook) => open({ kind: 'edit', webhook })}
          onPing={(webhook) => ping.mutate(webhook.id)}
          onLog={(webhook) => open({ kind: 'log', webhook })}
          onDelete={(webhook) => remove.mutate(webhook.id)}
        />
      </TitledPart>
      {opened?.kind === 'created' && (
        <WebhookCreatedModal
          webhook={opened.webhook}
          open={showing}
          onClose={() => setShowing(false)}
          afterClose={forget}
        />
      )}
      {opened?.kind === 'edit' && (
        <WebhookEditModal
          webhook={opened.webhook}
          open={showing}
          onClose={() => setShowing(false)}
          afterClose={forget}
        />
      )}
      {opened?.kind === 'log' && (
        <WebhookDeliveriesDrawer
          webhook={opened.webhook}
          open={showing}
          onClose={() => setShowing(false)}
          afterClose={forget}
        />
      )}
    </SectionWithIntro>
  );
}
