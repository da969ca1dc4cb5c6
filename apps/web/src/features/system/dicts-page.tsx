import { PlusOutlined } from '@ant-design/icons';
import {
  DICT_ADD_PERMISSION,
  DICT_DELETE_PERMISSION,
  DICT_EDIT_PERMISSION,
  type DictTypeRow,
  type DictValueRow,
} from '@portal/contract';
import { Button, Card, Col, Empty, Row, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud-page/crud-page';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { RowActions } from '@/components/crud-page/row-action';
import { CompactTable } from '@/components/list-table/compact-table';
import { Authorized } from '@/lib/access';
import { useDeleteDictType, useDeleteDictValue, useDictTypes, useDictValues } from './api/dicts';
import { DeleteRowAction, EditRowAction } from './components/admin-row-actions';
import { DictFormModal, type DictEditing } from './components/dict-form-modal';

/** /system/dict: dictionary types on the left, the chosen type's values on the right. */
export function DictsPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('system');
  const types = useDictTypes();
  const [typeId, setTypeId] = useState<number>();
  const chosen = types.data?.find((type) => type.id === typeId);
  const values = useDictValues(chosen?.id);
  const removeType = useDeleteDictType();
  const removeValue = useDeleteDictValue();
  const [editing, setEditing] = useState<DictEditing | null>(null);
  const zh = i18n.resolvedLanguage === 'zh-CN';

  const common = [
    { title: t('dicts.code'), dataIndex: 'code' },
    { title: t('dicts.nameZh'), dataIndex: 'nameZh' },
    { title: t('dicts.nameEn'), dataIndex: 'nameEn' },
    { title: t('dicts.sort'), dataIndex: 'sort' },
  ];
  const actions = <T extends DictTypeRow | DictValueRow>(
    kind: 'type' | 'value',
  ): TableColumnsType<T>[number] => ({
    title: t('admin.actions'),
    key: 'actions',
    render: (_, row) => (
      <RowActions testId={`dict-${kind}-actions-${row.code}`}>
        <EditRowAction
          permission={DICT_EDIT_PERMISSION}
          onClick={() =>
            setEditing(
              kind === 'type' ? { kind, type: row as DictTypeRow } : { kind, value: row as DictValueRow },
            )
          }
        />
        <DeleteRowAction
          permission={DICT_DELETE_PERMISSION}
          id={row.id}
          remove={kind === 'type' ? removeType : removeValue}
          confirm={t(kind === 'type' ? 'dicts.deleteTypeConfirm' : 'dicts.deleteValueConfirm', {
            code: row.code,
          })}
        />
      </RowActions>
    ),
  });

  const typeColumns: TableColumnsType<DictTypeRow> = [
    ...common,
    { title: t('dicts.count'), dataIndex: 'valueCount' },
    actions<DictTypeRow>('type'),
  ];
  const valueColumns: TableColumnsType<DictValueRow> = [...common, actions<DictValueRow>('value')];
  const addButton = (label: string, onClick: () => void, testId: string, disabled = false) => (
    <Authorized code={DICT_ADD_PERMISSION}>
      <Button icon={<PlusOutlined />} onClick={onClick} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
    </Authorized>
  );

  return (
    <CrudPage title={title} testId="dicts-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card
            type="inner"
            title={t('dicts.types')}
            extra={addButton(t('dicts.newType'), () => setEditing({ kind: 'type' }), 'dict-type-new')}
          >
            <FailureAlert failure={failureOf(types.error, t('dicts.typesLoadFailed'))} />
            <CompactTable<DictTypeRow>
              testId="dict-types-table"
              loading={types.isFetching}
              dataSource={types.data ?? []}
              columns={typeColumns}
              rowSelection={{
                type: 'radio',
                selectedRowKeys: chosen ? [chosen.id] : [],
                onChange: (keys) => setTypeId(Number(keys[0])),
              }}
              onRow={(row) => ({ onClick: () => setTypeId(row.id) })}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            type="inner"
            title={
              chosen ? t('dicts.valuesOf', { name: zh ? chosen.nameZh : chosen.nameEn }) : t('dicts.types')
            }
            extra={
              chosen &&
              addButton(
                t('dicts.newValue'),
                () => setEditing({ kind: 'value', typeId: chosen.id }),
                'dict-value-new',
              )
            }
          >
            {chosen ? (
              <>
                <FailureAlert failure={failureOf(values.error, t('dicts.valuesLoadFailed'))} />
                <CompactTable<DictValueRow>
                  testId="dict-values-table"
                  loading={values.isFetching}
                  dataSource={values.data ?? []}
                  columns={valueColumns}
                />
              </>
            ) : (
              <Empty description={t('dicts.pickType')} />
            )}
          </Card>
        </Col>
      </Row>
      {editing && <DictFormModal editing={editing} onClose={() => setEditing(null)} />}
    </CrudPage>
  );
}
