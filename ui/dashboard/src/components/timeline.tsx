// What happened to an object, oldest first: its own timestamps and its webhook deliveries.
import { dateTime } from '../format.ts';

/** One moment of the timeline; entries without a time are left out. */
export interface Moment {
  at: string | null | undefined;
  label: string;
  detail?: string;
}

export function Timeline({ moments }: { moments: Moment[] }) {
  const known = moments.filter((m): m is Moment & { at: string } => !!m.at).sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ol class="timeline">
      {known.map((m, i) => (
        <li key={`${m.at}-${i}`}>
          <time dateTime={m.at}>{dateTime(m.at)}</time>
          <span class="what">{m.label}</span>
          {m.detail && <span class="muted"> {m.detail}</span>}
        </li>
      ))}
    </ol>
  );
}
