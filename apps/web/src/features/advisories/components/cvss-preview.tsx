import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCvssScore } from '../api/get-cvss-score';

/** Asks for a score once typing has rested this long. */
const DEBOUNCE_MS = 400;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The score the server computes from a CVSS vector, under its field: staff never type a score.
 * A vector it cannot read shows the server's message.
 */
export function CvssPreview({ vector, testId }: { vector: string | null | undefined; testId: string }) {
  const { t } = useTranslation('advisories');
  const settled = useDebounced((vector ?? '').trim());
  const score = useCvssScore(settled);
  if (!settled) return null;
  return (
    <div data-testid={testId} aria-live="polite" style={{ minHeight: 24 }}>
      {score.data && (
        <span>
          {t('form.cvssScore', {
            score: score.data.baseScore.toFixed(1),
            severity: t(`severity.${score.data.baseSeverity}`),
          })}
        </span>
      )}
      {score.error && (
        <Typography.Text type="danger">{score.error.message || t('form.cvssInvalid')}</Typography.Text>
      )}
    </div>
  );
}
