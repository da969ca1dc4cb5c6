import { Button, Form, type FormRule, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIndustries } from '../api/get-industries';
import { RemoteSelect } from '@/components/remote-select';

/** The industry, chosen from the server's dictionary (spec 1: the 15 industries), sent as its code. */
export function IndustrySelect({ rules }: { rules: FormRule[] }) {
  const { t } = useTranslation('register');
  const industries = useIndustries();
  const options = (industries.data ?? []).map((node) => ({ value: node.code, label: node.name }));
  return (
    <Form.Item
      name="industry"
      label={t('register.industry.label')}
      rules={rules}
      extra={
        industries.isError && (
          <Typography.Text type="danger">
            {t('register.industry.loadFailed', { message: industries.error.message })}{' '}
            <Button type="link" size="small" onClick={() => void industries.refetch()}>
              {t('register.industry.retry')}
            </Button>
          </Typography.Text>
        )
      }
    >
      <RemoteSelect
        data-testid="industry-select"
        showSearch={{ optionFilterProp: 'label' }}
        pending={industries.isPending}
        options={options}
        placeholder={t('register.industry.placeholder')}
      />
    </Form.Item>
  );
}
