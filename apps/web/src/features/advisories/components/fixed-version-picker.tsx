import { ADVISORY_LIMITS, type AdvisoryFixCandidate, compareVersions } from '@portal/contract';
import { Button, Flex, Form, Select, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FixProducts, useFixCandidates } from '../api/get-fix-candidates';
import type { AdvisoryFormValues, AffectedFormRow } from '../utils/advisory-form-values';
import { pickLanguage } from '../utils/pick-language';

interface Props {
  value?: number[];
  onChange?: (value: number[]) => void;
  /** The working copy's fixed versions as the server names them. */
  saved?: readonly AdvisoryFixCandidate[];
}

/** The models and part numbers of the affected products now in the form, each once. */
export function fixProductsOf(affected: readonly AffectedFormRow[] | undefined): FixProducts {
  const modelIds = new Set<number>();
  const pns = new Set<string>();
  for (const row of affected ?? []) {
    if (row?.by === 'pn' && row.pn?.trim()) pns.add(row.pn.trim().toUpperCase());
    if (row?.by !== 'pn' && row?.modelId) modelIds.add(row.modelId);
  }
  return { modelIds: [...modelIds].sort((a, b) => a - b), pns: [...pns].sort() };
}

/**
 * The candidates that can fix what the form says is affected: of an affected row's kind, at or
 * above its "fixed in" version (in the product's version order). A BIOS build or a BMC version
 * still affected is no fix of a BMC flaw fixed in 3.1.3. Rows whose kind is not chosen yet do
 * not narrow the offer.
 */
export function fixOffers(
  candidates: readonly AdvisoryFixCandidate[],
  affected: readonly AffectedFormRow[] | undefined,
): AdvisoryFixCandidate[] {
  const rows = (affected ?? []).filter((row) => row?.kind);
  if (rows.length === 0) return [...candidates];
  return candidates.filter((candidate) =>
    rows.some(
      (row) =>
        row.kind === candidate.kind &&
        (!row.fixedIn?.trim() || compareVersions(candidate.version, row.fixedIn.trim()) >= 0),
    ),
  );
}

/**
 * The catalogue versions that fix the advisory, chosen among the versions of the affected
 * products in the form. Drafts may be named: they are held back until the advisory is published.
 */
export function FixedVersionPicker({ value = [], onChange, saved = [] }: Props) {
  const { t, i18n } = useTranslation('advisories');
  const form = Form.useFormInstance<AdvisoryFormValues>();
  const affected = Form.useWatch('affected', form);
  const products = fixProductsOf(affected);
  const candidates = useFixCandidates(products);
  const [versionId, setVersionId] = useState<number>();
  // Every version named so far, by id: those saved and those offered.
  const known = useMemo(() => {
    const map = new Map<number, AdvisoryFixCandidate>();
    for (const version of [...saved, ...(candidates.data ?? [])]) map.set(version.versionId, version);
    return map;
  }, [saved, candidates.data]);
  const nameOf = (version: AdvisoryFixCandidate) =>
    `${pickLanguage(i18n.resolvedLanguage, version.itemNameZh, version.itemNameEn)} ${version.version}`;
  const noProducts = products.modelIds.length === 0 && products.pns.length === 0;
  const add = () => {
    if (versionId === undefined || value.includes(versionId)) return;
    onChange?.([...value, versionId]);
    setVersionId(undefined);
  };
  return (
    <div data-testid="fixed-versions">
      <Flex vertical gap={4} style={{ marginBottom: 8 }}>
        {value.map((id) => {
          const version = known.get(id);
          return (
            <div key={id} data-testid={`fixed-version-${id}`}>
              <Tag closable onClose={() => onChange?.(value.filter((other) => other !== id))}>
                {version ? nameOf(version) : t('form.versionId', { id })}
              </Tag>
              {version?.status === 'draft' && (
                <Typography.Text type="warning">{t('form.draftHeldBack')}</Typography.Text>
              )}
            </div>
          );
        })}
      </Flex>
      {value.length < ADVISORY_LIMITS.fixedVersions && (
        <Flex wrap gap={8} align="center">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            value={versionId}
            disabled={noProducts}
            placeholder={t('form.fixedVersion')}
            aria-label={t('form.fixedVersion')}
            style={{ width: 420, maxWidth: '100%' }}
            loading={candidates.isFetching}
            options={fixOffers(candidates.data ?? [], affected)
              .filter((version) => !value.includes(version.versionId))
              .map((version) => ({
                value: version.versionId,
                label:
                  version.status === 'draft'
                    ? t('form.draftCandidate', { name: nameOf(version), code: version.itemCode })
                    : t('form.candidate', { name: nameOf(version), code: version.itemCode }),
              }))}
            notFoundContent={candidates.isFetching ? undefined : t('form.noFixCandidates')}
            onChange={setVersionId}
            data-testid="fixed-version"
          />
          <Button onClick={add} disabled={versionId === undefined} data-testid="fixed-add">
            {t('form.addFixedVersion')}
          </Button>
          {noProducts && <Typography.Text type="secondary">{t('form.fixNeedsProducts')}</Typography.Text>}
        </Flex>
      )}
    </div>
  );
}
