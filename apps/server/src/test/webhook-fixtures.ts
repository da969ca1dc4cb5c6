import type { WebhookCreated, WebhookEvent } from '@portal/contract';
import { bindSerial, createModel, createServer } from './catalog-factories';
import type { UserFactoryInput } from './factories';
import { withToken } from './requests';
import { signedInUser } from './signed-in-user';
import type { TestApp } from './test-app';

/**
 * A signed-in customer (built from `input`) with a verified server of a new model of their own
 * and a webhook to `url` for `events` (releases unless said), saved through the settings page's
 * route: whom a release of that model is delivered to. The user, the model and the webhook's id.
 */
export async function customerWithWebhook(
  t: TestApp,
  url: string,
  input: UserFactoryInput = {},
  events: WebhookEvent[] = ['release.published'],
) {
  const user = await signedInUser(t, { roleCodes: ['customer'], ...input });
  const model = await createModel(t.db);
  const server = await createServer(t.db, { modelId: model.id });
  await bindSerial(t.db, user.id, server.sn, 'verified', t.clock.now());
  const created = await withToken<WebhookCreated>(t.app, user.token, {
    method: 'POST',
    url: '/api/sysUser/webhooks',
    payload: { url, events },
  });
  if (!created.body.success) throw new Error(`webhook to ${url} not saved: ${created.body.message}`);
  return { user, model, hookId: created.body.data.id };
}
