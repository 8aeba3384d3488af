// A transaction hash, linked to a block explorer when the chain is real.
import { useEffect, useState } from 'preact/hooks';
import { currencies, explorerUrl } from '../currencies.ts';
import { short } from '../format.ts';
import { useSession } from '../session.tsx';

/**
 * The hash (shortened, whole in the title), a link to the explorer in live mode, a note in sandbox.
 * `network` when the caller knows it (the operator console, which reads no merchant catalogue).
 */
export function TxLink({
  hash,
  currency,
  network: known,
}: {
  hash: string | null | undefined;
  currency: string | null | undefined;
  network?: string;
}) {
  const { me } = useSession();
  const [found, setNetwork] = useState<string | undefined>();
  const network = known ?? found;
  useEffect(() => {
    if (!currency || known) return;
    currencies().then(
      (list) => setNetwork(list.find((c) => c.code === currency)?.network),
      () => undefined,
    );
  }, [currency, known]);
  if (!hash) return <span>—</span>;
  const url = explorerUrl(network, hash, me.mode);
  if (!url) {
    return (
      <span class="mono" title={hash}>
        {short(hash, 16)} {me.mode === 'sandbox' && <small class="muted">(sandbox chain, no explorer)</small>}
      </span>
    );
  }
  return (
    <a class="mono" href={url} target="_blank" rel="noopener noreferrer" title={hash}>
      {short(hash, 16)} <span class="sr-only">(opens the block explorer{network ? ` for ${network}` : ''})</span>
    </a>
  );
}
