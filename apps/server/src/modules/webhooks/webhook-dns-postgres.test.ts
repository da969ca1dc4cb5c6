import { describeWebhookDns } from './webhook-dns-cases';

describeWebhookDns('postgres');
