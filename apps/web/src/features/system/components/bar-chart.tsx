import { theme } from 'antd';
import styles from './bar-chart.module.css';

/** `label` goes under the bar; `name` (the whole name, when the label is short for it) in its tooltip. */
export type BarPoint = { label: string; value: number; name?: string };

type Props = {
  points: BarPoint[];
  /** Accessible name of the chart (the figure's caption). */
  title: string;
  height?: number;
  /** Show every nth label under the bars (long day series). */
  labelEvery?: number;
  testId?: string;
};

/**
 * A plain SVG bar chart: the dashboard needs bars over days and a top-N list, not a charting
 * library of several hundred kilobytes. Bars carry their value in a <title> for hover and tests.
 */
export function BarChart({ points, title, height = 180, labelEvery = 1, testId }: Props) {
  const { token } = theme.useToken();
  const width = Math.max(points.length * 24, 240);
  const top = Math.max(1, ...points.map((point) => point.value));
  // The labels are HTML under the SVG: text inside a stretched SVG (preserveAspectRatio none)
  // would be squeezed with the bars, unreadable on a phone.
  const plot = height - 24;
  const slot = width / Math.max(points.length, 1);
  return (
    <figure style={{ margin: 0 }} data-testid={testId}>
      <svg
        role="img"
        aria-label={title}
        viewBox={`0 0 ${width} ${plot}`}
        width="100%"
        height={plot}
        preserveAspectRatio="none"
      >
        <line x1={0} x2={width} y1={plot} y2={plot} stroke={token.colorBorder} />
        {points.map((point, index) => {
          const barHeight = (point.value / top) * (plot - 8);
          return (
            <g key={`${point.label}-${index}`} data-value={point.value}>
              <rect
                x={index * slot + slot * 0.15}
                y={plot - barHeight}
                width={slot * 0.7}
                height={barHeight}
                fill={token.colorPrimary}
                rx={2}
              >
                <title>{`${point.name ?? point.label}: ${point.value}`}</title>
              </rect>
            </g>
          );
        })}
      </svg>
      <div className={styles.labels} aria-hidden>
        {points.map((point, index) =>
          index % labelEvery === 0 ? (
            <span
              key={`${point.label}-${index}`}
              className={styles.label}
              style={{
                left: `${((index + 0.5) / Math.max(points.length, 1)) * 100}%`,
                color: token.colorTextSecondary,
              }}
            >
              {point.label}
            </span>
          ) : null,
        )}
      </div>
      <figcaption style={{ textAlign: 'center', color: token.colorTextSecondary }}>{title}</figcaption>
    </figure>
  );
}
