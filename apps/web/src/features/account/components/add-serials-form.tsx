import { type BoundSn, SERIALS_PER_BIND, type SnLookup } from '@portal/contract';
import { Alert, App, Button, Flex, Input, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBindSerials } from '../api/bind-serials';
import { useLookupSerials } from '../api/lookup-serials';
import { parseSerials } from '../utils/parse-serials';

/**
 * Adds serial numbers in two steps: look them up (the model of each is shown, unknown ones are
 * marked), then bind the ones found. At most SERIALS_PER_BIND at a time (spec 5).
 */
export function AddSerialsForm({ bound }: { bound: BoundSn[] }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const lookup = useLookupSerials({ onError: (error) => setProblem(error.message) });
  const bind = useBindSerials({
    onSuccess: (_verification, serials) => {
      void message.success(t('binding.bound', { n: serials.length }));
      setText('');
      lookup.reset();
    },
    onError: (error) => setProblem(error.message),
  });

  const alreadyBound = new Set(bound.map((serial) => serial.sn));
  const found = (lookup.data ?? []).filter((result) => result.exists && !alreadyBound.has(result.sn));

  const check = () => {
    const serials = parseSerials(text);
    if (serials.length === 0) return setProblem(t('binding.required'));
    if (serials.length > SERIALS_PER_BIND) return setProblem(t('binding.tooMany', { max: SERIALS_PER_BIND }));
    setProblem(undefined);
    lookup.mutate(serials);
  };

  const describe = (result: SnLookup) => {
    if (!result.exists) return <Tag color="error">{t('binding.lookup.unknown')}</Tag>;
    if (alreadyBound.has(result.sn)) return <Tag>{t('binding.lookup.alreadyBound')}</Tag>;
    return <Tag color="blue">{t('binding.lookup.found')}</Tag>;
  };

  return (
    <Flex vertical gap="small" style={{ maxWidth: 640 }}>
      <Typography.Text strong>{t('binding.add.title')}</Typography.Text>
      <Flex gap="small">
        <Input
          data-testid="sn-input"
          aria-label={t('binding.add.label')}
          placeholder={t('binding.add.placeholder', { max: SERIALS_PER_BIND })}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            // Results of another input would be misleading.
            lookup.reset();
          }}
          onPressEnter={check}
        />
        <Button data-testid="sn-lookup" onClick={check} loading={lookup.isPending}>
          {t('binding.add.lookup')}
        </Button>
      </Flex>
      {problem && <Alert data-testid="sn-problem" type="error" showIcon role="alert" title={problem} />}
      {lookup.data && (
        <>
          <List
            data-testid="sn-lookup-results"
            size="small"
            bordered
            dataSource={lookup.data}
            renderItem={(result) => (
              <List.Item data-testid="sn-lookup-row" data-sn={result.sn} extra={describe(result)}>
                <List.Item.Meta title={result.sn} />
              </List.Item>
            )}
          />
          <Flex>
            <Button
              type="primary"
              data-testid="sn-bind"
              disabled={found.length === 0}
              loading={bind.isPending}
              onClick={() => bind.mutate(found.map((result) => result.sn))}
            >
              {t('binding.add.bind', { n: found.length })}
            </Button>
          </Flex>
        </>
      )}
    </Flex>
  );
}
