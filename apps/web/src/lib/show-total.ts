import { useTranslation } from 'react-i18next';

/** antd's `pagination.showTotal`: the rows shown and how many there are in all. */
export type ShowTotal = (total: number, range: [number, number]) => string;

/**
 * The one pager summary of every table ("1-10 of 23" / "第 1-10 条，共 23 条"), so no list
 * says "total … records" while the next says "of".
 */
export function useShowTotal(): ShowTotal {
  const { t } = useTranslation('common');
  return (total, [from, to]) => t('table.total', { from, to, total });
}
