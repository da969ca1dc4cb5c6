import { CATALOG_SEARCH_MAX_LENGTH } from '@portal/contract';
import { Input } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long typing rests before the search goes into the address (and the list follows). */
export const SEARCH_TYPING_PAUSE_MS = 400;

interface FirmwareSearchProps {
  /** The search in effect (from the address). */
  submitted: string | undefined;
  /** Called when typing rests, and at once on Enter, the search button or the clear button; the text is trimmed, '' is no search. */
  onSearch: (q: string | undefined) => void;
}

/**
 * The keyword box of the firmware list. What is typed goes into the address once typing rests
 * for {@link SEARCH_TYPING_PAUSE_MS} (a `replace`, like every filter), so the address and the
 * list change once per pause, not once per keystroke; Enter searches at once.
 */
export function FirmwareSearch({ submitted = '', onSearch }: FirmwareSearchProps) {
  const { t } = useTranslation('catalog');
  const [draft, setDraft] = useState(submitted);
  const [shown, setShown] = useState(submitted);
  /** The last search this box handed on, trimmed; the address catches up with it a moment later. */
  const [sent, setSent] = useState(submitted);
  // The address can change under the box (a link to the page, a tab reopened with other
  // filters): then the box shows that search. The address catching up with what this box sent
  // leaves it alone, so what was typed meanwhile is kept.
  if (shown !== submitted) {
    setShown(submitted);
    if (submitted !== sent) {
      setSent(submitted);
      setDraft(submitted);
    }
  }

  const search = (value: string) => {
    const q = value.trim();
    setSent(q);
    onSearch(q || undefined);
  };
  const searchWhenTypingRests = useEffectEvent(() => search(draft));
  // An effect, not a bare timer: a page hidden behind another tab pauses its effects, so a
  // search typed just before never writes into the address of the page in front.
  useEffect(() => {
    if (draft.trim() === sent) return;
    const timer = setTimeout(() => searchWhenTypingRests(), SEARCH_TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, sent]);

  return (
    <Input.Search
      data-testid="firmware-search"
      allowClear
      maxLength={CATALOG_SEARCH_MAX_LENGTH}
      style={{ width: 260, maxWidth: '100%' }}
      placeholder={t('filter.search')}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onSearch={search}
    />
  );
}
