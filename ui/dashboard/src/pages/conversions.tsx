// Conversions between two balances: the list (search, dates, export), and "Convert" for roles that may.
import { api, type Data } from '../api.ts';
import { ListView, type ListQuery } from '../components/list-view.tsx';
import { amount, dateTime, short } from '../format.ts';
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

/** One conversion as the API answers it. */
export type Conversion = Data<'get', '/v1/converting'>;

export function ConversionsPage() {
  const { can } = useSession();
  return (
    <ListView<Conversion>
      title="Conversions"
      kind="conversions"
      load={(q: ListQuery) => api.get('/v1/converting/list', { query: q })}
      rowKey={(c) => c.id}
      actions={
        can('converting.create') && (
          <Link class="button" href="/conversions/new">
            Convert
          </Link>
        )
      }
      columns={[
        { label: 'Conversion', render: (c) => <Link href={`/conversions/${c.id}`}>{short(c.id)}</Link> },
        { label: 'From', class: 'num', render: (c) => amount(c.fromAmount, c.fromCryptoCurrencyCode) },
        { label: 'To', class: 'num', render: (c) => amount(c.toAmount, c.toCryptoCurrencyCode) },
        { label: 'Completed', render: (c) => dateTime(c.completedAt) },
      ]}
    />
  );
}
