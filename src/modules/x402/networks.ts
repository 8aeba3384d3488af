import type { Db } from '../../lib/db/index.ts';
import type { X402Settings } from '../../config.ts';
import type { X402Chain } from '../../chains/x402/chain.ts';
import { X402Facilitator } from './facilitator.ts';
import { isObject } from './parse.ts';
import type { SettleResult, VerifyResult } from './reasons.ts';
import type { SpendingLimits } from './spending.ts';

/** What GET /x402/supported answers. */
export type Supported = ReturnType<X402Facilitator['supported']>;

/** A network's own limits: its entry of X402_NETWORKS, else the installation's (a chain given directly, as tests do). */
export function limitsOf(settings: X402Settings, network: string): SpendingLimits {
  return settings.networks.find((n) => n.network === network) ?? settings;
}

/**
 * The facilitators of every configured x402 network, one per chain with its own fee payer, assets
 * and limits. A payment goes to the facilitator of its requirements' `network`; a network none
 * serves goes to the first, whose own checks refuse it in their usual order, ending with
 * `invalid_network` (which then names every network served).
 */
export class X402Facilitators {
  readonly all: readonly X402Facilitator[];
  private readonly byNetwork: Map<string, X402Facilitator>;
  private readonly first: X402Facilitator;

  private constructor(all: X402Facilitator[], first: X402Facilitator) {
    this.all = all;
    this.first = first;
    this.byNetwork = new Map(all.map((f) => [f.network, f]));
  }

  /** The facilitators of these chains; undefined when there is none (x402 disabled). */
  static of(db: Db, chains: readonly X402Chain[] | undefined, settings: X402Settings): X402Facilitators | undefined {
    const all = (chains ?? []).map((chain) => new X402Facilitator(db, chain, limitsOf(settings, chain.network)));
    const [first] = all;
    return first ? new X402Facilitators(all, first) : undefined;
  }

  /** Submitted settlements the last `confirmPending` round left waiting, on every network. */
  get awaitingReceipts(): number {
    return this.all.reduce((n, f) => n + f.awaitingReceipts, 0);
  }

  private pick(body: unknown): { facilitator: X402Facilitator; served: boolean } {
    const req = isObject(body) && isObject(body.paymentRequirements) ? body.paymentRequirements : undefined;
    const named = typeof req?.network === 'string' ? this.byNetwork.get(req.network) : undefined;
    return named ? { facilitator: named, served: true } : { facilitator: this.first, served: false };
  }

  private unserved(): string {
    return `this facilitator settles on ${[...this.byNetwork.keys()].join(', ')}`;
  }

  async verify(body: unknown): Promise<VerifyResult> {
    const { facilitator, served } = this.pick(body);
    const result = await facilitator.verify(body);
    return !served && result.invalidReason === 'invalid_network' ? { ...result, invalidMessage: this.unserved() } : result;
  }

  async settle(tenantId: string, body: unknown): Promise<SettleResult> {
    const { facilitator, served } = this.pick(body);
    const result = await facilitator.settle(tenantId, body);
    return !served && result.errorReason === 'invalid_network' ? { ...result, errorMessage: this.unserved() } : result;
  }

  /** Every network's kinds; the fee payers of all of them as the EVM family's signers. */
  supported(): Supported {
    const parts = this.all.map((f) => f.supported());
    const signers = [...new Set(parts.flatMap((p) => Object.values(p.signers).flat()))];
    return {
      kinds: parts.flatMap((p) => p.kinds),
      extensions: [...new Set(parts.flatMap((p) => p.extensions))],
      signers: signers.length > 0 ? { 'eip155:*': signers } : {},
    };
  }

  /** Worker: each network's submitted settlements taken to their end, one network after the other. */
  async confirmPending(): Promise<number> {
    let finished = 0;
    for (const f of this.all) finished += await f.confirmPending();
    return finished;
  }
}
