import { Card } from 'antd';
import { OutboxTable } from './components/outbox-table';

/** /system/outbox: the staff view of sent mail and SMS (menu `system/outbox`). */
export function OutboxPage({ title }: { title: string }) {
  return (
    <Card title={title} data-testid="outbox-page">
      <OutboxTable />
    </Card>
  );
}
