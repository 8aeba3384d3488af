import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from '@scure/base';
import {
  TronGridChain,
  parseExact,
  signTronTxId,
  stringifyExact,
  tronAddressFromHex,
  tronAddressToHex,
} from '../../src/chains/tron/trongrid-chain.ts';
import { FAKE_USDT, bandwidthOf, encodeTronRaw, fakeTronGrid, tronTxId } from '../helpers/fake-trongrid.ts';

const recorded = JSON.parse(readFileSync(new URL('../fixtures/tron-stake2.json', import.meta.url), 'utf8'));

/** The signer's address recovered from an r ‖ s ‖ v signature over a transaction id. */
function signerOf(txID: string, signature: string): string {
  const sig = hex.decode(signature);
  const v = sig[64]! >= 27 ? sig[64]! - 27 : sig[64]!;
  const pub = secp256k1.recoverPublicKey(new Uint8Array([v, ...sig.slice(0, 64)]), hex.decode(txID), { prehash: false });
  return tronAddressFromHex(`41${hex.encode(keccak_256(secp256k1.Point.fromBytes(pub).toBytes(false).slice(1)).slice(-20))}`);
}

/** The length-delimited top-level fields of a protobuf message (a signed `Transaction`: raw_data = 1, signature = 2). */
function fieldsOf(messageHex: string): Array<{ field: number; hex: string }> {
  const b = hex.decode(messageHex);
  const out: Array<{ field: number; hex: string }> = [];
  let i = 0;
  const varint = () => {
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = b[i++]!;
      n += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return n;
    }
  };
  while (i < b.length) {
    const key = varint();
    assert.equal(key & 7, 2, 'only length-delimited fields in a signed transaction');
    const length = varint();
    out.push({ field: key >> 3, hex: hex.encode(b.subarray(i, i + length)) });
    i += length;
  }
  return out;
}

describe("the local TronGrid's protobuf against real nodes' recorded Stake 2.0 transactions", () => {
  for (const name of ['freezeBalanceV2', 'unfreezeBalanceV2', 'delegateResource', 'unDelegateResource'] as const) {
    it(`${name}: the node's bytes, and the signed transaction's id and signer`, () => {
      const tx = recorded.walletCli[name];
      assert.equal(encodeTronRaw(tx.raw_data), tx.raw_data_hex);
      const [raw, signature, ...rest] = fieldsOf(tx.signedHex);
      assert.deepEqual([raw!.field, signature!.field, rest.length], [1, 2, 0]);
      assert.equal(tronTxId(raw!.hex), tx.txid);
      assert.equal(signerOf(tx.txid, signature!.hex), recorded.walletCli.owner);
      // The signed raw differs from the node's only in the expiration wallet-cli re-stamps.
      const restamped = { ...tx.raw_data, expiration: undefined };
      assert.ok(raw!.hex.endsWith(encodeTronRaw(restamped).slice(-40)));
    });
  }

  it('a locked bandwidth delegation and its undelegation, in hex addresses, as the node returned them', () => {
    for (const tx of [recorded.lockedDelegation.delegate, recorded.lockedDelegation.unDelegate]) {
      assert.equal(encodeTronRaw(tx.raw_data), tx.raw_data_hex);
      assert.equal(tronTxId(tx.raw_data_hex), tx.txID);
      assert.equal(signerOf(tx.txID, tx.signature[0]), tronAddressFromHex(tx.raw_data.contract[0].parameter.value.owner_address));
    }
    // lock = field 5, true; no resource field: BANDWIDTH is protobuf's default.
    assert.ok(recorded.lockedDelegation.delegate.raw_data_hex.includes('2801'));
  });

  it('charges a transfer the bandwidth mainnet charged it (net_usage)', () => {
    const tx = recorded.transferWithBandwidth;
    assert.equal(encodeTronRaw(tx.raw_data), tx.raw_data_hex);
    assert.equal(tronTxId(tx.raw_data_hex), tx.txID);
    assert.equal(bandwidthOf(tx), tx.net_usage);
  });
});

describe("the local TronGrid keeps java-tron's books", () => {
  const grid = fakeTronGrid();
  let url = '';
  before(async () => {
    url = await grid.listen();
  });
  after(() => grid.close());

  const post = async (path: string, body: unknown): Promise<any> =>
    parseExact(await (await fetch(`${url}${path}`, { method: 'POST', body: stringifyExact(body) })).text());
  const wallet = () => {
    const key = randomBytes(32);
    return { key, address: tronAddressFromHex(`41${hex.encode(keccak_256(secp256k1.getPublicKey(key, false).slice(1)).slice(-20))}`) };
  };
  type Wallet = ReturnType<typeof wallet>;
  const broadcast = async (from: Wallet, tx: any) =>
    post('/wallet/broadcasttransaction', { ...tx, signature: [signTronTxId(tx.txID, from.key)] });
  /** Signs and broadcasts what the node built; asserts the node took it. */
  const send = async (from: Wallet, tx: any) => {
    assert.ok(tx.txID, JSON.stringify(tx));
    const res = await broadcast(from, tx);
    assert.equal(res.result, true, JSON.stringify(res));
    return { ...tx, signature: [signTronTxId(tx.txID, from.key)] };
  };
  const trx = (from: Wallet, to: string, amount: number | bigint) =>
    post('/wallet/createtransaction', { owner_address: from.address, to_address: to, amount, visible: true });
  const usdt = async (from: Wallet, to: string, units: number | bigint, feeLimit: number | bigint = 100_000_000) =>
    (
      await post('/wallet/triggersmartcontract', {
        owner_address: from.address,
        contract_address: FAKE_USDT,
        function_selector: 'transfer(address,uint256)',
        parameter: `${tronAddressToHex(to).slice(2).padStart(64, '0')}${BigInt(units).toString(16).padStart(64, '0')}`,
        fee_limit: feeLimit,
        call_value: 0,
        visible: true,
      })
    ).transaction;
  const delegate = (from: Wallet, to: string, sun: number | bigint, resource = 'ENERGY') =>
    post('/wallet/delegateresource', { owner_address: from.address, receiver_address: to, balance: sun, resource, visible: true });
  const undelegate = (from: Wallet, to: string, sun: number | bigint) =>
    post('/wallet/undelegateresource', {
      owner_address: from.address,
      receiver_address: to,
      balance: sun,
      resource: 'ENERGY',
      visible: true,
    });
  const resources = (address: string) => post('/wallet/getaccountresource', { address, visible: true });

  it('a TRX transfer uses the free 600 bytes a day while they cover it all, then burns 1,000 sun a byte', async () => {
    const [from, hot] = [wallet(), wallet()];
    grid.fund(hot.address, 1_000_000);
    grid.transferIn(from.address, 50_000_000);
    grid.mine();
    assert.deepEqual(await resources(from.address), {
      freeNetLimit: 600,
      TotalNetLimit: 43_200_000_000,
      TotalNetWeight: 43_200_000_000,
      TotalEnergyLimit: 90_000_000_000,
      TotalEnergyWeight: 9_000_000_000,
    });
    const sent = [];
    for (const amount of [1_000_000, 2_000_000, 3_000_000]) {
      sent.push(await send(from, await trx(from, hot.address, amount)));
      grid.mine();
    }
    const bytes = sent.map((tx) => bandwidthOf(tx));
    assert.ok(
      bytes.every((b) => b > 250 && b < 300),
      `a transfer is about 265-270 bytes: ${bytes}`,
    );
    const infos = await Promise.all(sent.map((tx) => post('/wallet/gettransactioninfobyid', { value: tx.txID })));
    // Two fit the free allowance; the third does not (600 − 2 × ~266 < 266), so it burns all its bytes.
    assert.deepEqual(infos[0].receipt, { net_usage: bytes[0] });
    assert.equal(infos[0].fee, undefined, 'no fee when nothing was burned');
    assert.deepEqual(infos[1].receipt, { net_usage: bytes[1] });
    assert.deepEqual(infos[2].receipt, { net_fee: bytes[2]! * 1000 });
    assert.equal(infos[2].fee, bytes[2]! * 1000);
    assert.equal(grid.account(from.address).balance, 50_000_000n - 6_000_000n - BigInt(bytes[2]! * 1000));
    assert.equal(grid.account(hot.address).balance, 7_000_000n);
    // Usage recovers slot by slot (java-tron's fixed point), so a few blocks on it reads a byte or two less.
    const used = (await resources(from.address)).freeNetUsed;
    assert.ok(used <= bytes[0]! + bytes[1]! && used >= bytes[0]! + bytes[1]! - 2, `${used}`);
    // A day later the allowance has recovered.
    grid.skip(24 * 3600 * 1000);
    grid.mine([]);
    assert.equal((await resources(from.address)).freeNetUsed, undefined);
  });

  it('refuses what the account cannot pay: the amount (validation), or the bandwidth once the free allowance is spent', async () => {
    const [from, to] = [wallet(), wallet()];
    grid.fund(to.address, 1);
    grid.transferIn(from.address, 2_000_000);
    grid.mine();
    assert.match(
      (await trx(from, to.address, 3_000_000)).Error,
      /ContractValidateException : Validate TransferContract error, balance is not sufficient\./,
    );
    await send(from, await trx(from, to.address, 1_000_000));
    await send(from, await trx(from, to.address, 999_999));
    grid.mine();
    // 1 sun left and the free bytes spent: neither bandwidth nor TRX to burn for it.
    assert.equal(grid.account(from.address).balance, 1n);
    const res = await broadcast(from, await trx(from, to.address, 1));
    // The request was `visible`, so the message is text.
    assert.deepEqual([res.result, res.code, res.message], [false, 'BANDWITH_ERROR', 'Account resource insufficient error.']);
  });

  it('activating an account costs 1.1 TRX, never the free bandwidth; a token credit does not create the account', async () => {
    const [hot, deposit] = [wallet(), wallet()];
    grid.transferIn(hot.address, 10_000_000);
    grid.transferTokenIn(FAKE_USDT, deposit.address, 5_000_000);
    grid.mine();
    assert.equal(grid.tokenBalance(FAKE_USDT, deposit.address), 5_000_000n);
    assert.deepEqual(
      await post('/wallet/getaccount', { address: deposit.address, visible: true }),
      {},
      'a USDT-only address is no account',
    );
    assert.deepEqual(await resources(deposit.address), {});
    const tx = await send(hot, await trx(hot, deposit.address, 2_000_000));
    grid.mine();
    const info = await post('/wallet/gettransactioninfobyid', { value: tx.txID });
    assert.deepEqual([info.fee, info.receipt], [1_100_000, { net_fee: 100_000 }]);
    assert.equal(grid.account(hot.address).balance, 10_000_000n - 2_000_000n - 1_100_000n);
    assert.deepEqual(grid.account(deposit.address).exists, true);
    assert.equal((await post('/wallet/getaccount', { address: deposit.address, visible: true })).balance, 2_000_000);
  });

  it('a TRC-20 transfer without energy burns 65,000 energy × getEnergyFee to a holder, 130,000 to a new one; the adapter books it', async () => {
    const [deposit, hot, fresh] = [wallet(), wallet(), wallet()];
    grid.fund(deposit.address, 100_000_000);
    grid.fundToken(FAKE_USDT, deposit.address, 30_000_000);
    grid.fundToken(FAKE_USDT, hot.address, 1);
    const toHolder = await send(deposit, await usdt(deposit, hot.address, 10_000_000));
    const toNew = await send(deposit, await usdt(deposit, fresh.address, 10_000_000));
    grid.mine();
    const a = await post('/wallet/gettransactioninfobyid', { value: toHolder.txID });
    const b = await post('/wallet/gettransactioninfobyid', { value: toNew.txID });
    const [na, nb] = [bandwidthOf(toHolder), bandwidthOf(toNew)];
    assert.ok(na > 320 && na < 360, `a USDT transfer is about 345 bytes: ${na}`);
    assert.deepEqual(a.receipt, { energy_fee: 27_300_000, energy_usage_total: 65_000, net_usage: na, result: 'SUCCESS' });
    assert.equal(a.fee, 27_300_000);
    assert.deepEqual(a.contractResult, ['0'.repeat(63) + '1']);
    assert.equal(a.contract_address, tronAddressToHex(FAKE_USDT));
    // The second transaction finds the free bandwidth spent: it burns its bytes too.
    assert.deepEqual(b.receipt, { energy_fee: 54_600_000, energy_usage_total: 130_000, net_fee: nb * 1000, result: 'SUCCESS' });
    assert.equal(b.fee, 54_600_000 + nb * 1000);
    assert.equal(grid.account(deposit.address).balance, 100_000_000n - 27_300_000n - 54_600_000n - BigInt(nb * 1000));
    assert.deepEqual(
      [
        grid.tokenBalance(FAKE_USDT, deposit.address),
        grid.tokenBalance(FAKE_USDT, hot.address),
        grid.tokenBalance(FAKE_USDT, fresh.address),
      ],
      [10_000_000n, 10_000_001n, 10_000_000n],
    );
    assert.deepEqual(await new TronGridChain(url).payoutOutcome(toNew.txID), { succeeded: true, cost: BigInt(54_600_000 + nb * 1000) });
  });

  it("estimates a transfer's energy as a dry run; a top-up of exactly that burn, after activation, leaves nothing on the address", async () => {
    const [hot, deposit] = [wallet(), wallet()];
    grid.fund(hot.address, 100_000_000);
    grid.fundToken(FAKE_USDT, hot.address, 1);
    grid.transferTokenIn(FAKE_USDT, deposit.address, 7_000_000);
    grid.mine();
    const parameter = `${tronAddressToHex(hot.address).slice(2).padStart(64, '0')}${(7_000_000).toString(16).padStart(64, '0')}`;
    const call = {
      owner_address: deposit.address,
      contract_address: FAKE_USDT,
      function_selector: 'transfer(address,uint256)',
      parameter,
      visible: true,
    };
    assert.equal((await post('/wallet/triggerconstantcontract', call)).energy_used, 65_000);
    assert.deepEqual(await post('/wallet/estimateenergy', call), { result: { result: true }, energy_required: 65_000 });
    assert.equal(
      (await post('/wallet/estimateenergy', { ...call, parameter: parameter.slice(0, 64) + (8_000_000).toString(16).padStart(64, '0') }))
        .result.result,
      false,
      'more than it holds: a revert',
    );
    // The top-up activates the address (1.1 TRX burned by the hot wallet) and carries exactly 65,000 × 420 sun.
    await send(hot, await trx(hot, deposit.address, 27_300_000));
    grid.mine();
    const sweep = await send(deposit, await usdt(deposit, hot.address, 7_000_000));
    grid.mine();
    const info = await post('/wallet/gettransactioninfobyid', { value: sweep.txID });
    assert.deepEqual([info.fee, info.receipt.energy_fee, info.receipt.net_usage], [27_300_000, 27_300_000, bandwidthOf(sweep)]);
    assert.equal(grid.account(deposit.address).balance, 0n, 'no TRX stranded');
    assert.equal(grid.account(hot.address).balance, 100_000_000n - 27_300_000n - 1_100_000n);
    assert.equal(grid.tokenBalance(FAKE_USDT, hot.address), 7_000_001n);
  });

  it('short of energy and of TRX to burn for it: in a block as OUT_OF_ENERGY, all it could pay spent, no token moved', async () => {
    const [deposit, hot] = [wallet(), wallet()];
    grid.fund(deposit.address, 5_000_000);
    grid.fundToken(FAKE_USDT, deposit.address, 30_000_000);
    grid.fundToken(FAKE_USDT, hot.address, 1);
    const tx = await send(deposit, await usdt(deposit, hot.address, 30_000_000));
    grid.mine();
    const info = await post('/wallet/gettransactioninfobyid', { value: tx.txID });
    // The free bandwidth covers the bytes; 5 TRX buys 11,904 energy at 420 sun, all burned.
    assert.deepEqual(info.receipt, {
      energy_fee: 11_904 * 420,
      energy_usage_total: 11_904,
      net_usage: bandwidthOf(tx),
      result: 'OUT_OF_ENERGY',
    });
    assert.equal(info.result, 'FAILED');
    assert.equal(grid.blocks.at(-1).transactions.find((t: any) => t.txID === tx.txID).ret[0].contractRet, 'OUT_OF_ENERGY');
    assert.equal(grid.account(deposit.address).balance, 5_000_000n - 11_904n * 420n);
    assert.equal(grid.tokenBalance(FAKE_USDT, deposit.address), 30_000_000n);
    assert.deepEqual(await new TronGridChain(url).payoutOutcome(tx.txID), { succeeded: false, cost: 11_904n * 420n });
  });

  it('fee_limit bounds the energy a call may burn however much TRX the account holds', async () => {
    const [deposit, hot] = [wallet(), wallet()];
    grid.fund(deposit.address, 1_000_000_000);
    grid.fundToken(FAKE_USDT, deposit.address, 1_000_000);
    grid.fundToken(FAKE_USDT, hot.address, 1);
    const tx = await send(deposit, await usdt(deposit, hot.address, 1_000_000, 10_000_000));
    grid.mine();
    const info = await post('/wallet/gettransactioninfobyid', { value: tx.txID });
    assert.deepEqual(
      [info.receipt.result, info.receipt.energy_usage_total, info.receipt.energy_fee],
      ['OUT_OF_ENERGY', 23_809, 23_809 * 420],
    );
  });

  it("a sender without the tokens reverts; its info has the fields a real node's reverted call has", async () => {
    const [deposit, hot] = [wallet(), wallet()];
    grid.fund(deposit.address, 100_000_000);
    grid.fundToken(FAKE_USDT, hot.address, 1);
    const tx = await send(deposit, await usdt(deposit, hot.address, 1_000_000));
    grid.mine();
    const info = await post('/wallet/gettransactioninfobyid', { value: tx.txID });
    const real = recorded.revertedCallInfo.info;
    assert.deepEqual(Object.keys(info).sort(), Object.keys(real).sort());
    assert.deepEqual(Object.keys(info.receipt).sort(), Object.keys(real.receipt).sort());
    assert.deepEqual(
      [info.receipt.result, info.result, Buffer.from(info.resMessage, 'hex').toString()],
      ['REVERT', 'FAILED', real.resMessage],
    );
  });

  describe('Stake 2.0: stake, delegate, use, undelegate', () => {
    const [hot, deposit] = [wallet(), wallet()];
    const STAKE = 6_500_000_000n; // 6,500 TRX: 65,000 energy a day at 10 energy per TRX

    it('staked TRX gives energy by staked × TotalEnergyLimit / TotalEnergyWeight; getaccount and getcandelegatedmaxsize show it', async () => {
      grid.fund(hot.address, 10_000_000_000);
      grid.stakeEnergy(hot.address, STAKE);
      const r = await resources(hot.address);
      assert.equal(r.EnergyLimit, Math.floor(6_500 * (r.TotalEnergyLimit / r.TotalEnergyWeight)));
      assert.equal(r.EnergyLimit, 65_000);
      assert.equal(r.tronPowerLimit, 6_500);
      const account = await post('/wallet/getaccount', { address: hot.address, visible: true });
      assert.equal(account.balance, 3_500_000_000);
      assert.deepEqual(account.frozenV2, [{}, { type: 'ENERGY', amount: 6_500_000_000 }, { type: 'TRON_POWER' }]);
      assert.deepEqual(await post('/wallet/getcandelegatedmaxsize', { owner_address: hot.address, type: 1, visible: true }), {
        max_size: 6_500_000_000,
      });
      assert.deepEqual(await post('/wallet/getcandelegatedmaxsize', { owner_address: hot.address, type: 0, visible: true }), {});
    });

    it('refuses to build a delegation to an account the chain does not have, or of more than is staked', async () => {
      assert.match((await delegate(hot, deposit.address, STAKE)).Error, /ContractValidateException : Account\[41[0-9a-f]{40}\] not exists/);
      grid.transferIn(deposit.address, 1_000_000);
      grid.fundToken(FAKE_USDT, deposit.address, 20_000_000);
      grid.fundToken(FAKE_USDT, hot.address, 1);
      grid.mine();
      assert.match(
        (await delegate(hot, deposit.address, STAKE + 1n)).Error,
        /delegateBalance must be less than or equal to available FreezeEnergyV2 balance/,
      );
      assert.match((await delegate(hot, deposit.address, 999_999)).Error, /delegateBalance must be greater than or equal to 1 TRX/);
      assert.match((await delegate(hot, hot.address, 1_000_000)).Error, /receiverAddress must not be the same as ownerAddress/);
    });

    it('delegation moves the energy to the receiver, whose token transfer then burns nothing', async () => {
      const built = await delegate(hot, deposit.address, STAKE);
      assert.equal(built.raw_data.contract[0].type, 'DelegateResourceContract');
      assert.deepEqual(built.raw_data.contract[0].parameter.value, {
        owner_address: hot.address,
        receiver_address: deposit.address,
        balance: 6_500_000_000,
        resource: 'ENERGY',
      });
      assert.equal(built.raw_data_hex, encodeTronRaw(built.raw_data));
      assert.equal(built.txID, hex.encode(sha256(hex.decode(built.raw_data_hex))));
      const tx = await send(hot, built);
      grid.mine();
      assert.deepEqual((await post('/wallet/gettransactioninfobyid', { value: tx.txID })).receipt, { net_usage: bandwidthOf(tx) });
      assert.equal((await resources(hot.address)).EnergyLimit, undefined);
      assert.equal((await resources(deposit.address)).EnergyLimit, 65_000);
      assert.deepEqual(
        await post('/wallet/getdelegatedresourcev2', { fromAddress: hot.address, toAddress: deposit.address, visible: true }),
        {
          delegatedResource: [{ from: hot.address, to: deposit.address, frozen_balance_for_energy: 6_500_000_000 }],
        },
      );
      const account = await post('/wallet/getaccount', { address: hot.address, visible: true });
      assert.equal(account.account_resource.delegated_frozenV2_balance_for_energy, 6_500_000_000);
      assert.equal(
        (await post('/wallet/getaccount', { address: deposit.address, visible: true })).account_resource
          .acquired_delegated_frozenV2_balance_for_energy,
        6_500_000_000,
      );

      const sweep = await send(deposit, await usdt(deposit, hot.address, 20_000_000));
      grid.mine();
      const info = await post('/wallet/gettransactioninfobyid', { value: sweep.txID });
      assert.deepEqual(info.receipt, {
        energy_usage: 65_000,
        energy_usage_total: 65_000,
        net_usage: bandwidthOf(sweep),
        result: 'SUCCESS',
      });
      assert.equal(info.fee, undefined, 'nothing burned');
      assert.equal(grid.account(deposit.address).balance, 1_000_000n);
      assert.equal(grid.tokenBalance(FAKE_USDT, hot.address), 20_000_001n);
      assert.equal((await resources(deposit.address)).EnergyUsed, 65_000);
    });

    it('undelegation takes the stake back, with the energy the receiver used; usage recovers over 24 h', async () => {
      const tx = await send(hot, await undelegate(hot, deposit.address, STAKE));
      grid.mine();
      assert.ok((await post('/wallet/gettransactioninfobyid', { value: tx.txID })).blockNumber);
      assert.deepEqual(
        await post('/wallet/getdelegatedresourcev2', { fromAddress: hot.address, toAddress: deposit.address, visible: true }),
        {},
      );
      const a = grid.account(hot.address);
      assert.deepEqual([a.frozenV2Energy, a.delegatedEnergyOut, a.energyLimit], [STAKE, 0n, 65_000]);
      assert.ok(a.energyUsed > 64_000 && a.energyUsed <= 65_000, `the receiver's usage comes back to the owner: ${a.energyUsed}`);
      const d = grid.account(deposit.address);
      assert.deepEqual([d.acquiredEnergy, d.energyLimit, d.energyUsed], [0n, 0, 0]);
      // While that energy recovers, less of the stake can be delegated.
      const max = (await post('/wallet/getcandelegatedmaxsize', { owner_address: hot.address, type: 1, visible: true })).max_size;
      assert.ok(max < 100_000_000, `about 6,500 TRX of stake is tied up by the usage: ${max}`);
      grid.skip(12 * 3600 * 1000);
      grid.mine([]);
      const half = grid.account(hot.address).energyUsed;
      assert.ok(half > 31_000 && half < 33_000, `half recovered after 12 h: ${half}`);
      grid.skip(12 * 3600 * 1000);
      grid.mine([]);
      assert.equal(grid.account(hot.address).energyUsed, 0);
      assert.deepEqual(await post('/wallet/getcandelegatedmaxsize', { owner_address: hot.address, type: 1, visible: true }), {
        max_size: 6_500_000_000,
      });
    });

    it('a locked delegation cannot be taken back before its lock ends', async () => {
      grid.transferIn(deposit.address, 1_000_000);
      grid.mine();
      const locked = await post('/wallet/delegateresource', {
        owner_address: hot.address,
        receiver_address: deposit.address,
        balance: 1_000_000_000,
        resource: 'ENERGY',
        lock: true,
        lock_period: 100,
        visible: true,
      });
      assert.equal(locked.raw_data_hex, encodeTronRaw(locked.raw_data));
      await send(hot, locked);
      grid.mine();
      const [d] = (await post('/wallet/getdelegatedresourcev2', { fromAddress: hot.address, toAddress: deposit.address, visible: true }))
        .delegatedResource;
      assert.ok(d.expire_time_for_energy > grid.headTime());
      assert.match(
        (await undelegate(hot, deposit.address, 1_000_000_000)).Error,
        /insufficient delegatedFrozenBalance\(Energy\), request=1000000000, unlock_balance=0/,
      );
      grid.skip(100 * 3000);
      grid.mine([]);
      await send(hot, await undelegate(hot, deposit.address, 1_000_000_000));
      grid.mine();
      assert.equal(grid.account(hot.address).delegatedEnergyOut, 0n);
    });
  });

  it('freezebalancev2 through the node stakes like stakeEnergy', async () => {
    const owner = wallet();
    grid.transferIn(owner.address, 2_000_000_000);
    grid.mine();
    const built = await post('/wallet/freezebalancev2', {
      owner_address: owner.address,
      frozen_balance: 1_000_000_000,
      resource: 'ENERGY',
      visible: true,
    });
    assert.equal(built.raw_data_hex, encodeTronRaw(built.raw_data));
    await send(owner, built);
    grid.mine();
    assert.deepEqual([grid.account(owner.address).frozenV2Energy, (await resources(owner.address)).EnergyLimit], [1_000_000_000n, 10_000]);
  });

  it('serves the chain parameters it keeps its books by; a test may change them', async () => {
    const get = async (key: string) => (await post('/wallet/getchainparameters', {})).chainParameter.find((p: any) => p.key === key)?.value;
    assert.deepEqual(
      [await get('getEnergyFee'), await get('getTransactionFee'), await get('getFreeNetLimit'), await get('getTotalEnergyLimit')],
      [420, 1000, 600, 90_000_000_000],
    );
    grid.params.getEnergyFee = 210;
    try {
      assert.equal(await get('getEnergyFee'), 210);
      const [deposit, hot] = [wallet(), wallet()];
      grid.fund(deposit.address, 100_000_000);
      grid.fundToken(FAKE_USDT, deposit.address, 1_000_000);
      grid.fundToken(FAKE_USDT, hot.address, 1);
      const tx = await send(deposit, await usdt(deposit, hot.address, 1_000_000));
      grid.mine();
      assert.equal((await post('/wallet/gettransactioninfobyid', { value: tx.txID })).receipt.energy_fee, 65_000 * 210);
    } finally {
      grid.params.getEnergyFee = 420;
    }
  });
});
