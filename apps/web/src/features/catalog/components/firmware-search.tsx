import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface FirmwareSearchProps {
  /** The search in effect (from the address). */
  submitted: string | undefined;
  /** Enter, the search button or the clear button; the text is trimmed, '' is no search. */
  onSearch: (q: string | undefined) => void;
}

/**
 * The keyword box of the firmware list. What is typed stays local until it is submitted, so the
 * address (and the list) changes once per search, not once per keystroke.
 */
export function FirmwareSearch({ submitted = '', onSearch }: FirmwareSearchProps) {
  const { t } = useTranslation('catalog');
  const [draft, setDraft] = useState(submitted);
  const [shown, setShown] = useState(submitted);
  // The address can change under the box (a link to the page, a tab reopened with other
  // filters): then the box shows that search instead of an old draft.
  if (shown !== submitted) {
    setShown(submitted);
    setDraft(submitted);
  }
  return (
    <Input.Search
      data-testid="firmware-search"
      allowClear
      style={{ width: 260, maxWidth: '100%' }}
      placeholder={t('filter.search')}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onSearch={(value) => onSearch(value.trim() || undefined)}
    />
  );
}
