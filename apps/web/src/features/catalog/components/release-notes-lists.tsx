import type { CatalogNotes } from '@portal/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const KINDS = [
  ['new', 'green'],
  ['optimize', 'blue'],
  ['hotfix', 'volcano'],
] as const;

/** Structured release notes: NEW, OPTIMIZE and HOTFIX lists, the empty ones left out. */
export function ReleaseNotesLists({ notes }: { notes: CatalogNotes }) {
  const { t } = useTranslation('catalog');
  const present = KINDS.filter(([kind]) => notes[kind].length > 0);
  if (present.length === 0) return <Typography.Text type="secondary">{t('notes.none')}</Typography.Text>;
  return (
    <div data-testid="release-notes">
      {present.map(([kind, colour]) => (
        <div key={kind} style={{ marginBottom: 8 }}>
          <Tag color={colour}>{t(`notes.${kind}`)}</Tag>
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
            {notes[kind].map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
