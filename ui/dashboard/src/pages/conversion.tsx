// One conversion: what left one balance, the commission inside it, the rate, and what arrived.
import { api } from '../api.ts';
import { ErrorAlert, Facts, LiveStatus, Section } from '../components/feedback.tsx';
import { Timeline } from '../components/timeline.tsx';
import { currencies } from '../currencies.ts';
import { amount, short } from '../format.ts';
import { useResource } from '../hooks.ts';
import { conversionFacts } from './convert.tsx';

export function ConversionPage({ params }: { params: Record<string, string> }) {
  const id = params.id ?? ''; // the route has :id
  const conversion = useResource(() => api.get('/v1/converting', { query: { id } }), [id]);
  const catalogue = useResource(currencies, []);
  const c = conversion.data?.data;
  const decimals = catalogue.data?.find((x) => x.code === c?.fromCryptoCurrencyCode)?.decimalPlaces ?? 18;
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
                ...conversionFacts(c, decimals),
                ['Quote', c.quoteId ?? '— (a withdrawal’s auto-convert)'],
              ]}
            />
          </Section>
          <Section title="Timeline">
            <Timeline
              moments={[
                {
                  at: c.completedAt,
                  label: 'Completed',
                  detail: `${amount(c.fromAmount, c.fromCryptoCurrencyCode)} → ${amount(c.toAmount, c.toCryptoCurrencyCode)}`,
                },
              ]}
            />
          </Section>
        </>
      )}
    </>
  );
}
