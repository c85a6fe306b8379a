import { useId } from "react";

type Point = { label: string; value: number };

const WIDTH = 600;
const HEIGHT = 200;
const PAD_TOP = 18;
const PAD_BOTTOM = 34;
const PAD_LEFT = 48;

/**
 * A bar chart drawn on the server as SVG (no script needed), with its figures
 * as a table for screen readers: the picture is one image named by its
 * heading and total, the table carries every value and the total.
 */
export function BarChart({
  title,
  points,
  total,
  unit,
  labelHeading,
  formatLabel = (label) => label,
}: {
  title: string;
  points: Point[];
  total: number;
  /** What is counted: "views", "subscribers", "posts". */
  unit: string;
  /** The table's first column: "Day", "Week of". */
  labelHeading: string;
  formatLabel?: (label: string) => string;
}) {
  const id = useId();
  const max = Math.max(1, ...points.map((p) => p.value));
  const plotHeight = HEIGHT - PAD_TOP - PAD_BOTTOM;
  const slot = (WIDTH - PAD_LEFT) / Math.max(1, points.length);
  const barWidth = Math.max(2, slot * 0.7);
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        <h3 className="chart-title">{title}</h3>
        <p className="muted">
          Total: <strong>{total.toLocaleString("en")}</strong> {unit}
        </p>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="chart-svg"
        role="img"
        aria-label={`${title}: ${total.toLocaleString("en")} ${unit} in all; the table below gives each value.`}
      >
        <line
          x1={PAD_LEFT}
          x2={WIDTH}
          y1={HEIGHT - PAD_BOTTOM}
          y2={HEIGHT - PAD_BOTTOM}
          className="chart-axis"
        />
        <text x={PAD_LEFT - 6} y={PAD_TOP + 6} className="chart-tick" textAnchor="end">
          {max.toLocaleString("en")}
        </text>
        <text x={PAD_LEFT - 6} y={HEIGHT - PAD_BOTTOM} className="chart-tick" textAnchor="end">
          0
        </text>
        {points.map((p, i) => {
          const h = (p.value / max) * plotHeight;
          return (
            <rect
              key={p.label}
              x={PAD_LEFT + i * slot + (slot - barWidth) / 2}
              y={HEIGHT - PAD_BOTTOM - h}
              width={barWidth}
              height={h}
              className="chart-bar"
            >
              <title>{`${formatLabel(p.label)}: ${p.value.toLocaleString("en")}`}</title>
            </rect>
          );
        })}
        {first ? (
          <text x={PAD_LEFT} y={HEIGHT - 8} className="chart-tick">
            {formatLabel(first.label)}
          </text>
        ) : null}
        {last && last !== first ? (
          <text x={WIDTH} y={HEIGHT - 8} className="chart-tick" textAnchor="end">
            {formatLabel(last.label)}
          </text>
        ) : null}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeading}</th>
            <th scope="col">{unit[0].toUpperCase() + unit.slice(1)}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.label}>
              <th scope="row">{formatLabel(p.label)}</th>
              <td>{p.value}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{total}</td>
          </tr>
        </tfoot>
      </table>
    </figure>
  );
}
