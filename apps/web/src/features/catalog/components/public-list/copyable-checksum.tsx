import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './public-list.module.css';

/** How long "Copied" shows before the button says "Copy" again. */
const COPIED_FOR_MS = 3000;

/**
 * A checksum in full, monospaced, with a copy button (customers paste it into sha256sum -c):
 * ../checksum-text.tsx without antd's Typography. The change of the button's text is announced.
 */
export function CopyableChecksum({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation('catalog');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text stays selectable.
    }
  };
  return (
    <span className={styles.checksum}>
      <code data-testid={testId}>{value}</code>
      <button type="button" className={styles.linkButton} aria-live="polite" onClick={() => void copy()}>
        {t(copied ? 'checksum.copied' : 'checksum.copy')}
      </button>
    </span>
  );
}
