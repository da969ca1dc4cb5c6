import { API_TOKEN_SCOPES, type ApiTokenScope } from '@portal/contract';
import { Checkbox, Flex, Form, Typography } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import { useTranslation } from 'react-i18next';
import { SCOPE_KEYS } from '../utils/scope-keys';

type ScopeCheckboxesProps = Omit<CheckboxGroupProps<ApiTokenScope>, 'aria-required'> & {
  label: string;
  'aria-required'?: unknown;
};

/**
 * One checkbox per scope with what it allows. A group may not carry aria-required (which the
 * form item adds to its control), so it is dropped: the label's mark and the message say it.
 */
function ScopeCheckboxes({ label, 'aria-required': _required, ...props }: ScopeCheckboxesProps) {
  const { t } = useTranslation('automation');
  return (
    <Checkbox.Group<ApiTokenScope>
      {...props}
      data-testid="api-token-scopes"
      role="group"
      aria-label={label}
      style={{ width: '100%' }}
    >
      <Flex vertical gap="small">
        {API_TOKEN_SCOPES.map((scope) => (
          <Checkbox key={scope} value={scope} data-testid={`api-token-scope-${scope}`}>
            <Typography.Text strong>{t(`apiTokens.scope.${SCOPE_KEYS[scope]}`)}</Typography.Text>
            <Typography.Text type="secondary">
              {' - '}
              {t(`apiTokens.scope.${SCOPE_KEYS[scope]}.help`)}
            </Typography.Text>
          </Checkbox>
        ))}
      </Flex>
    </Checkbox.Group>
  );
}

/** A token's scopes (`scopes`), at least one, as the console's form and a device approval ask them. */
export function ScopesField() {
  const { t } = useTranslation('automation');
  return (
    <Form.Item
      name="scopes"
      label={t('apiTokens.create.scopes')}
      rules={[{ required: true, type: 'array', min: 1, message: t('apiTokens.create.scopesRequired') }]}
    >
      <ScopeCheckboxes label={t('apiTokens.create.scopes')} />
    </Form.Item>
  );
}
