// Volume over 30 days as bars in inline SVG, with the same figures in a table for screen readers.
import { useId } from 'preact/hooks';
import { compare, type Decimal, share, total as sum } from '../decimal.ts';
import { shortDay, usd } from '../format.ts';

/** One day of volume (GET /v1/stats/volume). */
export interface VolumeDay {
  date: string;
  invoices: number;
  deposits: number;
  volumeUsd: Decimal;
}

const W = 600;
const H = 180;
const AXIS = 20;

export function VolumeChart({ days }: { days: VolumeDay[] }) {
  const id = useId();
  const total = sum(days.map((d) => d.volumeUsd));
  const step = W / Math.max(1, days.length);
  const bar = Math.max(2, step * 0.7);
  const best = days.reduce<VolumeDay | undefined>((b, d) => (!b || compare(d.volumeUsd, b.volumeUsd) > 0 ? d : b), undefined);
  // The highest bar fills the chart; a day of no volume anywhere draws none.
  const max = best && compare(best.volumeUsd) > 0 ? best.volumeUsd : undefined;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H + AXIS}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-t`}>Volume per day in USD, last {days.length} days</title>
        <desc id={`${id}-d`}>
          Total {usd(total)}
          {best && max ? `; highest on ${shortDay(best.date)} with ${usd(best.volumeUsd)}` : '; no volume yet'}.
        </desc>
        <line x1="0" y1={H} x2={W} y2={H} class="axis" />
        {days.map((d, i) => {
          const h = max ? share(d.volumeUsd, max) * (H - 10) : 0;
          return (
            <rect
              key={d.date}
              class="bar"
              x={i * step + (step - bar) / 2}
              y={H - h}
              width={bar}
              height={Math.max(h, compare(d.volumeUsd) > 0 ? 1 : 0)}
            >
              <title>{`${shortDay(d.date)}: ${usd(d.volumeUsd)}`}</title>
            </rect>
          );
        })}
        {days.map((d, i) =>
          i % 7 === 0 ? (
            <text
              key={`l-${d.date}`}
              x={i === 0 ? 0 : i * step + step / 2}
              y={H + 15}
              text-anchor={i === 0 ? 'start' : 'middle'}
              class="tick"
            >
              {shortDay(d.date)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption class="muted">Paid invoices and completed deposits, in USD. Total {usd(total)}.</figcaption>
      {/* In a clipped box: a table grows to its rows whatever its own size, and would lengthen the page. */}
      <div class="sr-only">
        <table>
          <caption>Volume per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Invoices</th>
              <th scope="col">Deposits</th>
              <th scope="col">Volume (USD)</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{d.date}</td>
                <td>{d.invoices}</td>
                <td>{d.deposits}</td>
                <td>{usd(d.volumeUsd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
