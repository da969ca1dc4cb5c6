import { CATALOG_KINDS, type CatalogModel } from '@portal/contract';
import { Button, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useModels } from '@/features/catalog';
import { toLocale } from '@/lib/locale-detection';
import { FEED_CODE_PATTERN, type PublicFeedFilters, publicFeedUrl } from '../utils/feed-url';
import { CopyField } from './copy-field';

/** Models grouped by family (M7 > M7-2U, M7-4U), named as the catalogue names them. */
function modelOptions(models: readonly CatalogModel[]) {
  const families = new Map<string, CatalogModel[]>();
  for (const model of models) families.set(model.family, [...(families.get(model.family) ?? []), model]);
  return [...families].map(([family, members]) => ({
    label: family,
    title: family,
    options: members.map((model) => ({ value: model.code, label: `${model.code} ${model.name}` })),
  }));
}

/** The public feed's address for the model, kind and part number chosen, to copy or open. */
export function PublicFeedBuilder() {
  const { t, i18n } = useTranslation(['automation', 'publishing']);
  const [form] = Form.useForm<PublicFeedFilters>();
  const filters = Form.useWatch([], form) ?? {};
  const models = useModels();
  const options = useMemo(() => modelOptions(models.data ?? []), [models.data]);
  const url = publicFeedUrl(window.location.origin, filters, toLocale(i18n.resolvedLanguage));

  return (
    <Flex vertical gap="small">
      <Form<PublicFeedFilters> form={form} name="publicFeed" layout="vertical" data-testid="public-feed-form">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="model" label={t('feeds.public.model')}>
              <Select
                data-testid="public-feed-model"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={models.isPending}
                placeholder={t('feeds.public.modelPlaceholder')}
                options={options}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="kind" label={t('feeds.public.kind')}>
              <Select
                data-testid="public-feed-kind"
                allowClear
                placeholder={t('feeds.public.kindPlaceholder')}
                options={CATALOG_KINDS.map((kind) => ({ value: kind, label: t(`publishing:kind.${kind}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="pn"
              label={t('feeds.public.pn')}
              rules={[{ pattern: FEED_CODE_PATTERN, message: t('feeds.public.pnInvalid') }]}
            >
              <Input
                data-testid="public-feed-pn"
                allowClear
                maxLength={64}
                autoComplete="off"
                placeholder={t('feeds.public.pnPlaceholder')}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <CopyField
        label={t('feeds.public.url')}
        value={url}
        copyText={t('feeds.public.copy')}
        testId="public-feed-url"
        extra={
          <Button href={url} target="_blank" rel="noreferrer" data-testid="public-feed-open">
            {t('feeds.public.open')}
          </Button>
        }
      />
    </Flex>
  );
}
