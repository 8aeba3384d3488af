/**
 * A Solana runtime on this machine for the tests: LiteSVM (the Solana runtime in process, from npm)
 * behind a small JSON-RPC front that answers the methods the x402 Solana client and facilitator
 * call (blockhash, slot, accounts, token balances, simulate, send, signature statuses). It is not a
 * validator: each sent transaction is executed at once and lands in a slot of its own, and a
 * transaction's fate is final as soon as it is sent. What the front cannot answer is a JSON-RPC
 * error, so a call the code starts making shows up as a failing test, not as a wrong answer.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LiteSVM } from 'litesvm';
import {
  address,
  getBase64Decoder,
  getBase64Encoder,
  getBase58Decoder,
  getTransactionDecoder,
  lamports,
  type Address,
  type Transaction,
} from '@solana/kit';
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getMintDecoder,
  getMintEncoder,
  getTokenDecoder,
  getTokenEncoder,
} from '@solana-program/token';

/** The genesis of Solana's devnet, as x402 names the network (CAIP-2). */
export const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
/** Circle's USDC mint on devnet: the x402 packages' default asset there, created here by the test. */
export const DEVNET_USDC = address('4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU');

type Status = { slot: bigint; err: unknown };

export interface SvmDevnet {
  url: string;
  svm: LiteSVM;
  /** Lamports to an account (a fee payer, a buyer). */
  airdrop(to: Address, amount: bigint): void;
  /** Creates `mint` with `decimals` if it is not there, and sets `owner`'s token account to `amount`. */
  setTokenBalance(mint: Address, owner: Address, amount: bigint, decimals?: number): Promise<Address>;
  tokenBalance(mint: Address, owner: Address): Promise<bigint>;
  /**
   * The next send's answer is lost: `landed` runs the transaction first (the node has it), `lost`
   * drops it (the node never saw it). Either way the caller gets an error, as from a cut connection.
   */
  loseNextSend(how: 'landed' | 'lost'): void;
  /** Makes every blockhash handed out so far invalid, as ~150 slots passing would. */
  expireBlockhash(): void;
  /** The signatures the front was asked to send, in order (sent twice shows twice). */
  sent: string[];
  close(): Promise<void>;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const base64 = { decode: getBase64Encoder(), encode: getBase64Decoder() };
const base58 = getBase58Decoder();
const txDecoder = getTransactionDecoder();

/** JSON cannot hold a bigint: the front writes them as JSON numbers, as a validator does. */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? Number(v) : v));
}

function decodeTransaction(wire: string): Transaction {
  return txDecoder.decode(base64.decode.encode(wire));
}

export async function startSvmDevnet(): Promise<SvmDevnet> {
  const svm = new LiteSVM().withSigverify(true).withBlockhashCheck(true).withTransactionHistory(10_000n);
  const statuses = new Map<string, Status>();
  const sent: string[] = [];
  let loseNext: 'landed' | 'lost' | null = null;
  const context = () => ({ slot: svm.getClock().slot, apiVersion: '2.2.0' });
  const blockHeight = () => svm.getClock().slot;

  const accountValue = (addr: Address, encoding: string) => {
    const account = svm.getAccount(addr);
    if (!account.exists) return null;
    const common = {
      executable: account.executable,
      lamports: account.lamports,
      owner: account.programAddress,
      rentEpoch: 0n,
      space: BigInt(account.data.length),
    };
    if (encoding === 'jsonParsed' && account.programAddress === TOKEN_PROGRAM_ADDRESS && account.data.length === 165) {
      const token = getTokenDecoder().decode(account.data);
      const { decimals } = getMintDecoder().decode(svmAccountData(svm, token.mint));
      return {
        ...common,
        data: {
          program: 'spl-token',
          space: 165n,
          parsed: {
            type: 'account',
            info: {
              mint: token.mint,
              owner: token.owner,
              state: 'initialized',
              isNative: false,
              tokenAmount: uiAmount(token.amount, decimals),
            },
          },
        },
      };
    }
    return { ...common, data: [base64.encode.decode(account.data), 'base64'] };
  };

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getLatestBlockhash: () => ({
      context: context(),
      value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: blockHeight() + 150n },
    }),
    getSlot: () => svm.getClock().slot,
    getBlockHeight: () => blockHeight(),
    isBlockhashValid: ([hash]) => ({ context: context(), value: hash === svm.latestBlockhash() }),
    getBalance: ([addr]) => ({ context: context(), value: svm.getBalance(address(String(addr))) ?? 0n }),
    getMinimumBalanceForRentExemption: ([size]) => svm.minimumBalanceForRentExemption(BigInt(Number(size))),
    getAccountInfo: ([addr, config]) => ({
      context: context(),
      value: accountValue(address(String(addr)), (config as { encoding?: string } | undefined)?.encoding ?? 'base64'),
    }),
    getTokenAccountBalance: ([addr]) => {
      const data = svmAccountData(svm, address(String(addr)));
      const token = getTokenDecoder().decode(data);
      const { decimals } = getMintDecoder().decode(svmAccountData(svm, token.mint));
      return { context: context(), value: uiAmount(token.amount, decimals) };
    },
    simulateTransaction: ([wire, config]) => {
      const options = (config ?? {}) as { sigVerify?: boolean };
      const tx = decodeTransaction(String(wire));
      // Simulation checks signatures only when asked (a facilitator simulates before it signs as fee payer).
      svm.withSigverify(options.sigVerify === true);
      try {
        const result = svm.simulateTransaction(tx);
        const failed = 'err' in result;
        const meta = failed ? result.meta() : result.meta();
        return {
          context: context(),
          value: {
            err: failed ? errorOf(result.err()) : null,
            logs: meta.logs(),
            accounts: null,
            unitsConsumed: meta.computeUnitsConsumed(),
            returnData: null,
            innerInstructions: null,
          },
        };
      } finally {
        svm.withSigverify(true);
      }
    },
    sendTransaction: ([wire]) => {
      const tx = decodeTransaction(String(wire));
      const signature = base58.decode(Object.values(tx.signatures)[0] ?? new Uint8Array(64));
      sent.push(signature);
      const lose = loseNext;
      loseNext = null;
      if (lose === 'lost') throw new RpcError(-32603, 'connection reset');
      if (statuses.has(signature)) return signature;
      const result = svm.sendTransaction(tx);
      if ('err' in result) {
        const err = errorOf(result.err());
        // A transaction refused before it ran (a bad signature, an unknown blockhash) never lands.
        if (isRefusedBeforeRunning(err)) throw new RpcError(-32002, `Transaction simulation failed: ${toJson(err)}`);
        statuses.set(signature, { slot: svm.getClock().slot, err });
      } else statuses.set(signature, { slot: svm.getClock().slot, err: null });
      // Each transaction lands in a slot of its own. The blockhash stays valid (a validator's lasts
      // about a minute) until the test expires it.
      svm.warpToSlot(svm.getClock().slot + 1n);
      if (lose === 'landed') throw new RpcError(-32603, 'connection reset');
      return signature;
    },
    getSignatureStatuses: ([signatures]) => ({
      context: context(),
      value: (signatures as string[]).map((s) => {
        const status = statuses.get(s);
        return status
          ? {
              slot: status.slot,
              confirmations: null,
              err: status.err,
              status: status.err ? { Err: status.err } : { Ok: null },
              confirmationStatus: 'finalized',
            }
          : null;
      }),
    }),
    getTransaction: () => null,
  };

  const server: Server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as { id: unknown; method: string; params?: unknown[] };
    let answer: unknown;
    try {
      const method = methods[body.method];
      if (!method) throw new RpcError(-32601, `Method not found: ${body.method}`);
      answer = { jsonrpc: '2.0', id: body.id, result: method(body.params ?? []) };
    } catch (err) {
      const code = err instanceof RpcError ? err.code : -32603;
      answer = { jsonrpc: '2.0', id: body.id, error: { code, message: (err as Error).message } };
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(toJson(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const tokenAccount = async (mint: Address, owner: Address) =>
    (await findAssociatedTokenPda({ mint, owner, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
  return {
    url: `http://127.0.0.1:${port}`,
    svm,
    sent,
    airdrop: (to, amount) => void svm.airdrop(to, lamports(amount)),
    expireBlockhash: () => svm.expireBlockhash(),
    loseNextSend: (how) => void (loseNext = how),
    async setTokenBalance(mint, owner, amount, decimals = 6) {
      if (!svm.getAccount(mint).exists) {
        const data = new Uint8Array(
          getMintEncoder().encode({ mintAuthority: null, supply: 10n ** 15n, decimals, isInitialized: true, freezeAuthority: null }),
        );
        svm.setAccount({
          address: mint,
          data,
          executable: false,
          lamports: lamports(svm.minimumBalanceForRentExemption(82n)),
          programAddress: TOKEN_PROGRAM_ADDRESS,
          space: 82n,
        });
      }
      const ata = await tokenAccount(mint, owner);
      const data = new Uint8Array(
        getTokenEncoder().encode({
          mint,
          owner,
          amount,
          delegate: null,
          state: 1,
          isNative: null,
          delegatedAmount: 0n,
          closeAuthority: null,
        }),
      );
      svm.setAccount({
        address: ata,
        data,
        executable: false,
        lamports: lamports(svm.minimumBalanceForRentExemption(165n)),
        programAddress: TOKEN_PROGRAM_ADDRESS,
        space: 165n,
      });
      return ata;
    },
    async tokenBalance(mint, owner) {
      const account = svm.getAccount(await tokenAccount(mint, owner));
      return account.exists ? getTokenDecoder().decode(account.data).amount : 0n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function svmAccountData(svm: LiteSVM, addr: Address): Uint8Array {
  const account = svm.getAccount(addr);
  if (!account.exists) throw new RpcError(-32602, `could not find account ${addr}`);
  return new Uint8Array(account.data);
}

function uiAmount(amount: bigint, decimals: number) {
  const text =
    decimals === 0
      ? amount.toString()
      : `${amount / 10n ** BigInt(decimals)}.${(amount % 10n ** BigInt(decimals)).toString().padStart(decimals, '0')}`;
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text.replace(/\.?0+$/, '') || '0' };
}

/** LiteSVM's error objects as the RPC writes them (`"BlockhashNotFound"`, `{ InstructionError: [i, …] }`). */
function errorOf(err: unknown): unknown {
  const text = String(err);
  return text.startsWith('[object') ? { Error: toJson(err) } : text;
}

function isRefusedBeforeRunning(err: unknown): boolean {
  return typeof err === 'string' && /BlockhashNotFound|SignatureFailure|AlreadyProcessed|AccountNotFound|InsufficientFundsForFee/.test(err);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
