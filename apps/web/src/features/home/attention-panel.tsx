import { type AdvisoryRow, advisoryPagePathOf } from '@portal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyText, Panel, SecondaryText } from '@/components/panel/panel';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { firstContentShown } from '@/lib/first-content';
import { MY_ADVISORIES_QUERY, useFleetSummary, useMyAdvisories } from './api/get-attention';
import styles from './attention-panel.module.css';
import { ATTENTION_STATES, type AttentionState, fleetAttentionOf } from './attention-state';

interface AttentionPanelProps {
  /** The reader's menus include the advisories page: their advisories are listed too. */
  showAdvisories: boolean;
}

const fleetPathOf = (state: AttentionState) => `${paths.fleetServers}?state=${state}`;
const MY_ADVISORIES_PATH = `${paths.advisories}?${new URLSearchParams({
  mine: MY_ADVISORIES_QUERY.mine,
  sortField: MY_ADVISORIES_QUERY.sortField,
  sortOrder: MY_ADVISORIES_QUERY.sortOrder,
})}`;

/**
 * The top of the landing pages (issue 42 §1): how many of the customer's servers are vulnerable,
 * under investigation, outdated, past their end of security support or of unknown state, each a link to My servers filtered by it, and the advisories that
 * concern their servers, most severe first. Plain markup, like the rest of the home: it shows
 * before antd's code has arrived.
 */
export function AttentionPanel({ showAdvisories }: AttentionPanelProps) {
  const { t } = useTranslation('home');
  return (
    <Panel
      title={t('pages.home.attention.title')}
      testId="home-attention"
      extra={
        <Link className={styles.linkButton} to={paths.fleetServers}>
          {t('pages.home.attention.myServers')}
        </Link>
      }
    >
      <FleetCounts />
      {showAdvisories && <MyAdvisories />}
    </Panel>
  );
}

function FleetCounts() {
  const { t } = useTranslation(['home', 'fleet']);
  const fleet = useFleetSummary();
  useEffect(() => {
    if (!fleet.isPending) firstContentShown();
  }, [fleet.isPending]);
  // While the counts load, tiles of the same size hold their place: nothing below moves (CLS).
  if (fleet.isPending)
    return (
      <div className={styles.fleet} aria-busy="true">
        <ul className={styles.counts} aria-label={t('pages.home.attention.loading')}>
          {ATTENTION_STATES.map((state) => (
            <li key={state} className={`${styles.count} ${styles.none}`}>
              <strong className={styles.number} aria-hidden>
                –
              </strong>
              <span>{t(`fleet:state.${state}`)}</span>
            </li>
          ))}
        </ul>
        <SecondaryText>{t('pages.home.attention.loading')}</SecondaryText>
      </div>
    );
  if (fleet.isError)
    return (
      <p className={styles.status} role="alert">
        {t('pages.home.attention.failed', { message: fleet.error.message })}
      </p>
    );
  const attention = fleetAttentionOf(fleet.data.summary, fleet.data.totalRows);
  if (attention.kind === 'noServers')
    return (
      <p className={styles.status} data-testid="attention-no-servers">
        {t('pages.home.attention.noServers')}
      </p>
    );
  if (attention.kind === 'allCurrent')
    return (
      <p className={`${styles.status} ${styles.allCurrent}`} data-testid="attention-all-current">
        <CheckMark />
        {t('pages.home.attention.allCurrent', { count: attention.total })}
      </p>
    );
  return (
    <div className={styles.fleet}>
      <ul className={styles.counts} data-testid="attention-counts">
        {ATTENTION_STATES.map((state) => (
          <li key={state}>
            <Link
              to={fleetPathOf(state)}
              className={`${styles.count} ${attention.counts[state] > 0 ? styles[state] : styles.none}`}
              data-testid={`attention-${state}`}
            >
              <strong className={styles.number}>{formatNumber(attention.counts[state])}</strong>
              <span>{t(`fleet:state.${state}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <SecondaryText testId="attention-total">
        {t('pages.home.attention.total', { count: attention.total })}
        {attention.counts.unknown > 0 && ` ${t('pages.home.attention.unknownHint')}`}
      </SecondaryText>
    </div>
  );
}

function MyAdvisories() {
  const { t } = useTranslation('home');
  const advisories = useMyAdvisories();
  const rows = advisories.data?.rows ?? [];
  const total = advisories.data?.totalRows ?? 0;
  return (
    <div className={styles.advisories} data-testid="attention-advisories">
      <h5 className={styles.subtitle}>{t('pages.home.attention.advisories')}</h5>
      {advisories.isPending ? (
        <p className={`${styles.status} ${styles.advisoriesLoading}`} aria-busy="true">
          {t('pages.home.attention.loading')}
        </p>
      ) : advisories.isError ? (
        <EmptyText alert>{advisories.error.message}</EmptyText>
      ) : rows.length === 0 ? (
        <p className={styles.status}>{t('pages.home.attention.noAdvisories')}</p>
      ) : (
        <>
          <ul className={styles.advisoryList}>
            {rows.map((row) => (
              <AdvisoryLine key={row.advisoryId} row={row} />
            ))}
          </ul>
          {total > rows.length && (
            <Link to={MY_ADVISORIES_PATH} className={styles.more} data-testid="attention-all-advisories">
              {t('pages.home.attention.allAdvisories', { count: total })}
            </Link>
          )}
        </>
      )}
    </div>
  );
}

function AdvisoryLine({ row }: { row: AdvisoryRow }) {
  const { t } = useTranslation('advisories');
  return (
    <li className={styles.advisory}>
      <span className={`${styles.severity} ${styles[`severity${row.severity}`]}`}>
        {t(`severity.${row.severity}`)} {row.baseScore.toFixed(1)}
      </span>
      <Link to={advisoryPagePathOf(row.advisoryId)} data-testid={`attention-advisory-${row.advisoryId}`}>
        <span className={styles.advisoryId}>{row.advisoryId}</span> {row.title}
      </Link>
    </li>
  );
}

function CheckMark() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false" className={styles.check}>
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
