import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type Entitlement, type EntitlementInput, FIRST_PAGE } from '@portal/contract';
import {
  App,
  Button,
  Card,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { requiredText } from '@/lib/form-rules';
import { showFailure } from '@/lib/show-failure';
import {
  type EntitlementListParams,
  useDeleteEntitlement,
  useEntitlements,
  useSaveEntitlement,
} from './api/manage-entitlements';

type FormValues = Omit<EntitlementInput, 'maintenanceEnd'> & { maintenanceEnd: Dayjs };

/** /system/entitlements (license:manage): contracts, the servers they cover and their node pools. */
export function EntitlementsPage({ title }: { title: string }) {
  const { t } = useTranslation('activation');
  const { message } = App.useApp();
  const [params, setParams] = useState<EntitlementListParams>({
    pageNo: FIRST_PAGE,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const list = useEntitlements(params);
  const remove = useDeleteEntitlement();
  const [editing, setEditing] = useState<{ entitlement?: Entitlement } | null>(null);

  const columns: TableColumnsType<Entitlement> = [
    { title: t('entitlement.contractNo'), dataIndex: 'contractNo' },
    { title: t('field.customerName'), dataIndex: 'customerName' },
    {
      title: t('field.product'),
      key: 'product',
      render: (_, row) => `${row.productName} ${row.versionFrom || '*'} – ${row.versionTo || '*'}`,
    },
    { title: t('entitlement.serials'), key: 'serials', render: (_, row) => row.serials.join(', ') },
    {
      title: t('entitlement.nodes'),
      key: 'nodes',
      render: (_, row) => `${row.remainingNodes} / ${row.authorisedNodes}`,
    },
    { title: t('entitlement.maintenanceEnd'), dataIndex: 'maintenanceEnd' },
    {
      title: t('entitlement.type'),
      key: 'trial',
      render: (_, row) =>
        row.trial ? (
          <Tag color="gold">{t('entitlement.trial', { days: row.trialDays })}</Tag>
        ) : (
          <Tag>{t('entitlement.paid')}</Tag>
        ),
    },
    {
      title: t('history.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space size="small">
          <Button size="small" type="link" onClick={() => setEditing({ entitlement: row })}>
            {t('action.edit')}
          </Button>
          <Popconfirm
            title={t('entitlement.deleteConfirm', { contractNo: row.contractNo })}
            onConfirm={() => remove.mutate(row.id, { onError: (error) => void message.error(error.message) })}
          >
            <Button size="small" type="link" danger>
              {t('action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={title}
      data-testid="entitlements-page"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({})}
          data-testid="entitlement-new"
        >
          {t('entitlement.new')}
        </Button>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('entitlement.search')}
        style={{ width: 300, marginBottom: 16 }}
        onSearch={(q) => setParams((current) => ({ ...current, q, pageNo: FIRST_PAGE }))}
      />
      <FailureAlert failure={failureOf(list.error)} gap={0} />
      <Table<Entitlement>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: list.data?.totalRows ?? 0,
          showTotal: (total, [from, to]) => t('history.total', { from, to, total }),
          onChange: (pageNo, pageSize) => setParams((current) => ({ ...current, pageNo, pageSize })),
        }}
      />
      {editing && <EntitlementDrawer entitlement={editing.entitlement} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function EntitlementDrawer({ entitlement, onClose }: { entitlement?: Entitlement; onClose: () => void }) {
  const { t } = useTranslation('activation');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveEntitlement();
  const trial = Form.useWatch('trial', form);
  const required = requiredText(t('field.required'));
  return (
    <Drawer
      open
      size={560}
      onClose={onClose}
      title={entitlement ? entitlement.contractNo : t('entitlement.new')}
      extra={
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => form.submit()}
          data-testid="entitlement-save"
        >
          {t('action.save')}
        </Button>
      }
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={
          entitlement
            ? { ...entitlement, maintenanceEnd: dayjs(entitlement.maintenanceEnd) }
            : {
                authorisedNodes: 10,
                trial: false,
                trialDays: 0,
                serials: [],
                maintenanceEnd: dayjs().add(1, 'year'),
              }
        }
        onFinish={(values) =>
          save.mutate(
            {
              id: entitlement?.id,
              input: { ...values, maintenanceEnd: values.maintenanceEnd.format('YYYY-MM-DD') },
            },
            {
              onSuccess: () => {
                void message.success(t('entitlement.saved'));
                onClose();
              },
              onError: (error) => showFailure(error, message, form),
            },
          )
        }
      >
        <Form.Item name="contractNo" label={t('entitlement.contractNo')} rules={[required]}>
          <Input maxLength={64} data-testid="entitlement-contract" />
        </Form.Item>
        <Form.Item name="customerName" label={t('field.customerName')} rules={[required]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="product" label={t('field.product')} rules={[required]}>
          <Input maxLength={64} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="versionFrom" label={t('entitlement.versionFrom')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="versionTo" label={t('entitlement.versionTo')}>
            <Input maxLength={64} />
          </Form.Item>
        </Space>
        <Form.Item
          name="serials"
          label={t('entitlement.serials')}
          extra={t('entitlement.serialsHint')}
          rules={[{ required: true, message: t('field.required') }]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
        <Space wrap>
          <Form.Item
            name="authorisedNodes"
            label={t('entitlement.authorisedNodes')}
            rules={[{ required: true }]}
          >
            <InputNumber min={1} max={1_000_000} />
          </Form.Item>
          <Form.Item
            name="maintenanceEnd"
            label={t('entitlement.maintenanceEnd')}
            rules={[{ required: true }]}
          >
            <DatePicker allowClear={false} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="trial" label={t('entitlement.isTrial')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {trial && (
            <Form.Item name="trialDays" label={t('entitlement.trialDays')} rules={[{ required: true }]}>
              <InputNumber min={1} max={365} />
            </Form.Item>
          )}
        </Space>
      </Form>
    </Drawer>
  );
}
