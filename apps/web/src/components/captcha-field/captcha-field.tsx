import { CAPTCHA_LENGTH } from '@portal/contract';
import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaImageButton, type CaptchaImageProps } from './captcha-image-button';
import { requiredText } from '@/lib/form-rules';

/** The captcha form field (`captcha`, required) beside its image, for antd forms. */
export function CaptchaField({ nonce, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation('login');
  return (
    <Flex gap="small" align="flex-start">
      <Form.Item
        name="captcha"
        style={{ flex: 1, minWidth: 0 }}
        rules={[requiredText(t('pages.login.captcha.required'))]}
      >
        <Input
          size="large"
          autoComplete="off"
          maxLength={CAPTCHA_LENGTH}
          placeholder={t('pages.login.captcha.placeholder')}
          aria-label={t('pages.login.captcha.placeholder')}
        />
      </Form.Item>
      <CaptchaImageButton nonce={nonce} onRefresh={onRefresh} />
    </Flex>
  );
}
