import { type Locale, LOCALES, type Profile, type UpdateProfileBody } from '@portal/contract';
import { App, Button, Flex, Form, Input, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { paths } from '@/config/paths';
import { fieldErrorsOf } from '@/lib/api-error';
import { requiredText } from '@/lib/form-rules';
import { changeLocale } from '@/lib/i18n';
import { toLocale } from '@/lib/locale-detection';
import { useIndustries } from '../api/get-industries';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarUpload } from './avatar-upload';
import { RemoteSelect } from '@/components/remote-select';

const FORM_NAME = 'baseSettings';
const FIELD_NAMES: readonly string[] = ['nickName', 'name', 'company', 'industry', 'locale'] satisfies Array<
  keyof UpdateProfileBody
>;
/** Where the bound email and phone are changed (they need a code sent to the new address). */
const SECURITY_PATH = `${paths.accountSettings}/security`;

/**
 * The form's values. The language shown is the one of this UI, not necessarily the account's:
 * saving stores the language in use, and picking another one switches the UI as well.
 */
const valuesOf = ({ nickName, name, company, industry }: Profile, locale: Locale): UpdateProfileBody => ({
  nickName,
  name,
  company,
  industry,
  locale,
});

/** /account/settings/base: the user's own details and avatar. */
export function BaseSettings() {
  const { t } = useTranslation('account');
  const profile = useProfile();

  if (profile.isPending) return <Skeleton active />;
  if (profile.isError) {
    return <FailureAlert failure={failureOf(profile.error, t('base.loadFailed'))} gap={0} />;
  }
  return (
    <Flex gap="large" wrap align="flex-start">
      <BaseSettingsForm profile={profile.data} />
      <AvatarUpload avatar={profile.data.avatar} />
    </Flex>
  );
}

function BaseSettingsForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<UpdateProfileBody>();
  const uiLocale = toLocale(i18n.resolvedLanguage);
  // The header's language switch changes the language in use; the field follows it.
  useEffect(() => {
    form.setFieldValue('locale', uiLocale);
  }, [form, uiLocale]);
  const industries = useIndustries();
  const [failure, setFailure] = useState<string>();

  const update = useUpdateProfile({
    onSuccess: async (saved) => {
      if (saved.locale !== uiLocale) await changeLocale(saved.locale);
      form.setFieldsValue(valuesOf(saved, saved.locale));
      // `t` is bound to the language of the last render; this says it in the new one.
      void message.success(i18n.t('account:base.saved'));
    },
    onError: (error) => {
      setFailure(error.message);
      form.setFields(
        fieldErrorsOf(error).flatMap(({ field, message: text }) =>
          FIELD_NAMES.includes(field) ? [{ name: field as keyof UpdateProfileBody, errors: [text] }] : [],
        ),
      );
    },
  });

  const readOnly = (value: string) =>
    value ? (
      <Typography.Text>{value}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">{t('base.none')}</Typography.Text>
    );

  return (
    <Form<UpdateProfileBody>
      data-testid="base-settings-form"
      name={FORM_NAME}
      form={form}
      layout="vertical"
      initialValues={valuesOf(profile, uiLocale)}
      onFinish={(values) => {
        setFailure(undefined);
        update.mutate(values);
      }}
      style={{ flex: '1 1 320px', maxWidth: 440 }}
    >
      <FailureAlert failure={failure ? { title: t('base.failed'), detail: failure } : undefined} gap={24} />
      <Form.Item label={t('base.account')}>{readOnly(profile.account)}</Form.Item>
      <Form.Item
        name="nickName"
        label={t('base.nickName.label')}
        rules={[requiredText(t('base.nickName.required'))]}
      >
        <Input data-testid="base-nickname" maxLength={64} />
      </Form.Item>
      <Form.Item name="name" label={t('base.name.label')}>
        <Input data-testid="base-name" maxLength={64} />
      </Form.Item>
      <Form.Item name="company" label={t('base.company.label')}>
        <Input data-testid="base-company" maxLength={128} />
      </Form.Item>
      <Form.Item name="industry" label={t('base.industry.label')}>
        <RemoteSelect
          data-testid="base-industry"
          pending={industries.isPending}
          placeholder={t('base.industry.placeholder')}
          options={(industries.data ?? []).map((industry) => ({
            value: industry.code,
            label: industry.name,
          }))}
        />
      </Form.Item>
      <Form.Item name="locale" label={t('base.locale.label')} extra={t('base.locale.hint')}>
        <Select
          data-testid="base-locale"
          options={LOCALES.map((locale) => ({ value: locale, label: t(`base.locale.${locale}`) }))}
        />
      </Form.Item>
      <Form.Item
        label={t('base.email.label')}
        extra={<Link to={SECURITY_PATH}>{t('base.changeOnSecurity')}</Link>}
      >
        <span data-testid="base-email">{readOnly(profile.email)}</span>
      </Form.Item>
      <Form.Item
        label={t('base.phone.label')}
        extra={<Link to={SECURITY_PATH}>{t('base.changeOnSecurity')}</Link>}
      >
        <span data-testid="base-phone">{readOnly(profile.phone)}</span>
      </Form.Item>
      <Button data-testid="base-submit" type="primary" htmlType="submit" loading={update.isPending}>
        {t('base.submit')}
      </Button>
    </Form>
  );
}
