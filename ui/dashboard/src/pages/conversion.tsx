// One conversion: what left one balance and arrived in the other.
import { api } from '../api.ts';
import { ErrorAlert, Facts, LiveStatus, Section } from '../components/feedback.tsx';
import { Timeline } from '../components/timeline.tsx';
import { amount, short } from '../format.ts';
import { useResource } from '../hooks.ts';

export function ConversionPage({ params }: { params: Record<string, string> }) {
  const id = params.id!;
  const conversion = useResource(() => api.get('/v1/converting', { query: { id } }), [id]);
  const c = conversion.data?.data;
  const rate = c && c.fromAmount > 0 ? c.toAmount / c.fromAmount : undefined;
  return (
    <>
      <h1 tabIndex={-1}>Conversion {c ? short(c.id) : ''}</h1>
      <ErrorAlert error={conversion.error} />
      <LiveStatus>{conversion.loading && !c ? 'Loading…' : ''}</LiveStatus>
      {c && (
        <>
          <Section title="Details">
            <Facts
              items={[
                ['Id', <span class="mono wrap">{c.id}</span>],
                ['From', amount(c.fromAmount, c.fromCryptoCurrencyCode)],
                ['To', amount(c.toAmount, c.toCryptoCurrencyCode)],
                ['Rate', rate ? `1 ${c.fromCryptoCurrencyCode} = ${amount(rate, c.toCryptoCurrencyCode)}` : '—'],
                ['Quote', c.quoteId ?? '—'],
              ]}
            />
          </Section>
          <Section title="Timeline">
            <Timeline moments={[{ at: c.completedAt, label: 'Completed', detail: `${amount(c.fromAmount, c.fromCryptoCurrencyCode)} → ${amount(c.toAmount, c.toCryptoCurrencyCode)}` }]} />
          </Section>
        </>
      )}
    </>
  );
}
