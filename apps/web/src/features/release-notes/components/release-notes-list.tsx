import { RELEASE_NOTES_PAGE_SIZE, type ReleaseNote } from '@portal/contract';
import { Empty, Pagination, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '@/components/failure-alert';
import { useReleaseNotes } from '../api/get-release-notes';
import { ReleaseNoteItem } from './release-note-item';
import styles from './release-notes.module.css';

/** Newest first by release time. The server already sends them so; the dialog promises it. */
function newestFirst(notes: ReleaseNote[]): ReleaseNote[] {
  return [...notes].sort((a, b) => Date.parse(b.createTime) - Date.parse(a.createTime));
}

export function ReleaseNotesList() {
  const { t } = useTranslation('notices');
  const releaseNotes = useReleaseNotes();
  const [page, setPage] = useState(1);
  const sorted = useMemo(() => newestFirst(releaseNotes.data ?? []), [releaseNotes.data]);

  if (releaseNotes.isPending) {
    return (
      <div className={styles.centered}>
        <Spin />
      </div>
    );
  }
  if (releaseNotes.isError) return <FailureAlert failure={{ title: t('releaseNotes.loadFailed') }} gap={0} />;
  if (sorted.length === 0) return <Empty description={t('releaseNotes.empty')} />;

  const start = (page - 1) * RELEASE_NOTES_PAGE_SIZE;
  return (
    <>
      <ol className={styles.list}>
        {sorted.slice(start, start + RELEASE_NOTES_PAGE_SIZE).map((note) => (
          <ReleaseNoteItem key={note.version} note={note} />
        ))}
      </ol>
      <Pagination
        className={styles.pagination}
        align="end"
        size="small"
        current={page}
        pageSize={RELEASE_NOTES_PAGE_SIZE}
        total={sorted.length}
        onChange={setPage}
        hideOnSinglePage
        showSizeChanger={false}
      />
    </>
  );
}
