import type { AdvisoryTriageRow } from '@portal/contract';
import { Alert, Button, Col, Form, Input, List, Modal, Radio, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTriage } from '../api/get-triage';
import { requiredText } from '@/lib/form-rules';

type Values = { by: 'purl' | 'cpe'; identifier: string; gte?: string; lt?: string };

/**
 * VEX triage (issue 43 §2): staff name a CVE's component (purl or CPE) and the range of its
 * vulnerable versions; the portal lists the products whose released firmware's SBOM contains it,
 * and adds them to the advisory as products under investigation.
 */
export function SbomTriageModal({
  onAdd,
  onClose,
}: {
  onAdd: (rows: AdvisoryTriageRow[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('advisories');
  const [form] = Form.useForm<Values>();
  const triage = useTriage();
  const rows = triage.data?.rows ?? [];
  const search = (values: Values) =>
    triage.mutate({
      ...(values.by === 'purl' ? { purl: values.identifier } : { cpe: values.identifier }),
      gte: values.gte?.trim() || undefined,
      lt: values.lt?.trim() || undefined,
    });
  return (
    <Modal
      open
      title={t('triage.title')}
      onCancel={onClose}
      width={720}
      cancelText={t('triage.cancel')}
      okText={t('triage.add', { count: rows.length })}
      okButtonProps={{ disabled: rows.length === 0, 'data-testid': 'triage-add' }}
      onOk={() => onAdd(rows)}
    >
      <Form form={form} layout="vertical" initialValues={{ by: 'purl' }} onFinish={search}>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="by" label={t('triage.by')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'purl', label: t('triage.purl') },
                  { value: 'cpe', label: t('triage.cpe') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item
              name="identifier"
              label={t('triage.identifier')}
              extra={t('triage.identifierHint')}
              rules={[requiredText(t('triage.required'))]}
            >
              <Input maxLength={512} data-testid="triage-identifier" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="gte" label={t('triage.from')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="lt" label={t('triage.before')}>
              <Input maxLength={64} data-testid="triage-before" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label=" ">
              <Button htmlType="submit" loading={triage.isPending} data-testid="triage-search">
                {t('triage.search')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {triage.isError && <Alert type="error" showIcon title={t('triage.failed')} />}
      {triage.data?.truncated && <Alert type="warning" showIcon title={t('triage.truncated')} />}
      {triage.isSuccess && (
        <List
          size="small"
          data-testid="triage-rows"
          locale={{ emptyText: t('triage.none') }}
          dataSource={rows}
          renderItem={(row) => (
            <List.Item>
              <Typography.Text
                strong
              >{`${row.productName} ${t(`kind.${row.kind}`, { defaultValue: row.kind })}`}</Typography.Text>
              <Typography.Text type="secondary">
                {t('triage.versions', { versions: row.versions.join(', ') })}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
