import { type FleetBaseline, SERVER_FIRMWARE_KINDS } from '@portal/contract';
import { App, Button, Col, Divider, Form, Grid, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-overlay/form-drawer';
import { useFormSave } from '@/components/form-overlay/use-form-save';
import { type RepeatedEntry, RepeatedFields } from '@/components/repeated-fields';
import { requiredText } from '@/lib/form-rules';
import { useCatalogModels } from '../api/get-baseline-choices';
import { useSaveFleetBaseline } from '../api/fleet-baselines';
import {
  type BaselineFormValues,
  NEW_BASELINE,
  toBaselineFormValues,
  toBaselineInput,
} from '../utils/baseline-form-values';
import { BaselineVersionSelect } from './baseline-version-select';

const MAX_CARDS = 32;

interface Props {
  /** The baseline to change; none: pin a new one. */
  baseline?: FleetBaseline;
  /** Models that already have one (a new baseline is for another model). */
  pinnedModels: string[];
  onClose: () => void;
}

/** Pin a baseline for a model: per component kind, and per PCIe card, a released version. */
export function BaselineFormDrawer({ baseline, pinnedModels, onClose }: Props) {
  const { t } = useTranslation('fleet');
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<BaselineFormValues>();
  const model = Form.useWatch('model', form);
  const models = useCatalogModels();
  const { overlay, save } = useFormSave(form, useSaveFleetBaseline(), t('baselines.saved'), onClose);
  const saved = new Map(baseline?.versions.map((entry) => [entry.component, entry]));
  const submit = (values: BaselineFormValues) => {
    const input = toBaselineInput(values);
    if (Object.keys(input.versions).length === 0) {
      void message.error(t('baselines.noneChosen'));
      return;
    }
    save({ model: values.model ?? '', input });
  };
  return (
    <FormDrawer
      {...overlay}
      size={screens.md ? 640 : '100%'}
      title={baseline ? t('baselines.editTitle', { model: baseline.model }) : t('baselines.newTitle')}
      saveText={t('baselines.save')}
      saveTestId="baseline-save"
      destroyOnHidden
    >
      <Form<BaselineFormValues>
        form={form}
        layout="vertical"
        initialValues={baseline ? toBaselineFormValues(baseline) : NEW_BASELINE}
        onFinish={submit}
        data-testid="baseline-form"
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="model"
              label={t('baselines.model')}
              rules={[{ required: true, message: t('baselines.required') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                disabled={baseline !== undefined}
                loading={models.isFetching}
                options={(models.data ?? [])
                  .filter((entry) => entry.code === baseline?.model || !pinnedModels.includes(entry.code))
                  .map((entry) => ({ value: entry.code, label: `${entry.name} (${entry.code})` }))}
                data-testid="baseline-model"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('baselines.name')}
              rules={[requiredText(t('baselines.required'))]}
            >
              <Input maxLength={64} data-testid="baseline-name" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('baselines.components')}</Divider>
        <Row gutter={12}>
          {SERVER_FIRMWARE_KINDS.map((kind) => (
            <Col key={kind} xs={24} sm={12}>
              <Form.Item name={['kinds', kind]} label={t(`kind.${kind}`)}>
                <BaselineVersionSelect
                  query={model ? { kind, model } : undefined}
                  label={t(`kind.${kind}`)}
                  savedVersion={saved.get(kind)}
                  testId={`baseline-kind-${kind}`}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Divider titlePlacement="start">{t('baselines.cards')}</Divider>
        <RepeatedFields
          name="cards"
          max={MAX_CARDS}
          empty={{}}
          addText={t('baselines.addCard')}
          addTestId="baseline-card-add"
          addStyle={{}}
        >
          {(entry) => <BaselineCardRow {...entry} saved={saved} />}
        </RepeatedFields>
      </Form>
    </FormDrawer>
  );
}

function BaselineCardRow({
  name,
  index,
  saved,
  onRemove,
}: RepeatedEntry & { saved: ReadonlyMap<string, { versionId: number; version: string }> }) {
  const { t } = useTranslation('fleet');
  const form = Form.useFormInstance<BaselineFormValues>();
  const pn = (Form.useWatch(['cards', name, 'pn'], form) ?? '').trim().toUpperCase();
  return (
    <Row gutter={12} align="bottom" data-testid={`baseline-card-${index}`}>
      <Col xs={24} sm={9}>
        <Form.Item
          name={[name, 'pn']}
          label={t('baselines.pn')}
          normalize={(value: string) => value.toUpperCase()}
          rules={[requiredText(t('baselines.required'))]}
        >
          <Input maxLength={64} data-testid={`baseline-card-pn-${index}`} />
        </Form.Item>
      </Col>
      <Col xs={18} sm={11}>
        <Form.Item
          name={[name, 'versionId']}
          label={t('baselines.cardVersion')}
          rules={[{ required: true, message: t('baselines.required') }]}
        >
          <BaselineVersionSelect
            query={pn ? { kind: 'PCIE', part: pn } : undefined}
            label={t('baselines.cardVersion')}
            savedVersion={saved.get(`PCIE:${pn}`)}
            testId={`baseline-card-version-${index}`}
          />
        </Form.Item>
      </Col>
      <Col xs={6} sm={4}>
        <Form.Item>
          <Button type="link" danger onClick={onRemove}>
            {t('baselines.removeCard')}
          </Button>
        </Form.Item>
      </Col>
    </Row>
  );
}
