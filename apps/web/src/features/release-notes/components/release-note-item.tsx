import { RELEASE_NOTE_KINDS, type ReleaseNote } from '@portal/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import styles from './release-notes.module.css';

/** Display order, heading key and tag colour of the three change lists (1 NEW, 2 OPTIMIZE, 3 HOTFIX). */
const KINDS = [
  { kind: RELEASE_NOTE_KINDS.NEW, label: 'releaseNotes.kind.new', color: 'green' },
  { kind: RELEASE_NOTE_KINDS.OPTIMIZE, label: 'releaseNotes.kind.optimize', color: 'blue' },
  { kind: RELEASE_NOTE_KINDS.HOTFIX, label: 'releaseNotes.kind.hotfix', color: 'red' },
] as const;

export function ReleaseNoteItem({ note }: { note: ReleaseNote }) {
  const { t } = useTranslation('notices');
  return (
    <li className={styles.item} data-testid="release-note-item">
      <div className={styles.heading}>
        <Typography.Title level={5} className={styles.version}>
          {note.version}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('releaseNotes.releasedAt', { time: formatDateTime(note.createTime) })}
        </Typography.Text>
      </div>
      {KINDS.filter(({ kind }) => note.content[kind].length > 0).map(({ kind, label, color }) => (
        <section key={kind} className={styles.kind} data-kind={kind}>
          <Tag color={color}>{t(label)}</Tag>
          <ul className={styles.changes}>
            {note.content[kind].map((change, index) => (
              // Descriptions may repeat within a list, so the position is part of the key.
              <li key={`${index}-${change}`}>{change}</li>
            ))}
          </ul>
        </section>
      ))}
    </li>
  );
}
