/** The x402 facilitator's settings, one documentation row each (settings.ts gathers them). */
import type { SettingRow } from './settings-rows.ts';

/** The installation's x402 settings: `X402_NETWORK`'s own (the one-network form), the network list and the limits every network starts from. */
export const X402_SETTING_ROWS: readonly SettingRow[] = [
  {
    vars: { X402_NETWORK: 'eip155:84532' },
    doc: 'CAIP-2 network of the x402 facilitator (the one-network form)',
  },
  {
    vars: { X402_NETWORKS: null },
    shown: '`X402_NETWORK`',
    doc: "the x402 facilitator's networks, CAIP-2 ids comma-separated (`eip155:8453,eip155:56`), at most one per `ETHEREUM` (1, 11155111), `BNB` (56, 97) and `BASE` (8453, 84532); each takes its node, fee payer, assets and limits from `<NET>_X402_*` below. `/x402/verify` and `/x402/settle` pick the network by the requirements' `network`; another is refused `invalid_network`",
  },
  {
    vars: { X402_RPC_URL: null },
    doc: "`X402_NETWORK`'s JSON-RPC (`<NET>_X402_RPC_URL` for the others); in the sandbox a test network (11155111, 97, 84532) without one gets a local devnet started by `npm start` (anvil, one per chain id, test USDC; on `BNB` also a Permit2-only test USDT), a main network none",
  },
  {
    vars: { X402_FEE_PAYER_KEY: null },
    doc: "key that pays for `X402_NETWORK`'s settlements (`<NET>_X402_FEE_PAYER_KEY` for the others; the devnets use anvil's development account)",
  },
  {
    vars: { X402_ASSETS: null },
    shown: "the network's USDC",
    doc: "`X402_NETWORK`'s accepted token contracts, comma-separated (`<NET>_X402_ASSETS` for the others; a token without EIP-3009 is paid through Permit2)",
  },
  {
    vars: { X402_RECEIPT_TIMEOUT_MS: '15000' },
    doc: 'how long a settle waits for the receipt before answering `settlement_pending`',
  },
  {
    vars: { X402_GAS_CEILING: '200000' },
    doc: "most gas one settlement may need (`gas_ceiling_exceeded` above it); every x402 network's unless its `<NET>_X402_GAS_CEILING` says otherwise, as for the reserve and the budgets below",
  },
  {
    vars: { X402_FEE_PAYER_RESERVE_WEI: '1000000000000000' },
    shown: '`10^15`',
    doc: 'the fee payer keeps this much; below it settles answer `fee_payer_reserve_low`',
  },
  {
    vars: { X402_GAS_BUDGET_WEI: null, X402_TENANT_GAS_BUDGET_WEI: null },
    shown: 'unlimited',
    doc: "gas all settlements, or one merchant's, may spend per 24 h on each x402 network, in its own coin (`gas_budget_exhausted`, `tenant_gas_budget_exhausted`)",
  },
];

/** x402 on Solana: one network beside the EVM ones, with its own node, fee payer and mints. */
export const SOLANA_X402_SETTING_ROWS: readonly SettingRow[] = [
  {
    vars: { SOLANA_X402_NETWORK: null },
    shown: 'none',
    doc: '`mainnet`, `devnet`, `testnet` or a CAIP-2 id (`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`): x402 `exact` payments in SPL tokens are verified and settled there too, beside the EVM networks',
  },
  {
    vars: { SOLANA_X402_RPC_URL: null },
    doc: "that network's Solana JSON-RPC node (required with `SOLANA_X402_NETWORK`; there is no Solana devnet in the sandbox)",
  },
  {
    vars: { SOLANA_X402_FEE_PAYER_KEY: null },
    doc: "the keypair that signs and pays for the settlements (a keypair file's JSON array of 64 bytes, or base58; `SOLANA_X402_FEE_PAYER_KEY_FILE` names a file holding it); required with `SOLANA_X402_NETWORK`",
  },
  {
    vars: { SOLANA_X402_ASSETS: null },
    shown: "the network's USDC",
    doc: 'accepted SPL token mints, comma-separated',
  },
  {
    vars: { SOLANA_X402_FEE_PAYER_RESERVE_LAMPORTS: '10000000' },
    doc: 'lamports the fee payer keeps (0.01 SOL); below it settles answer `fee_payer_reserve_low`',
  },
];

/** x402's own settings of a network (EVM networks only), each defaulting to its `X402_*` setting. */
export const X402_NETWORK_ROWS: readonly { name: string; shown?: string; doc: string }[] = [
  {
    name: 'X402_RPC_URL',
    doc: "EVM networks: the JSON-RPC of this network's x402 chain, when `X402_NETWORKS` names it; unset: `X402_RPC_URL` for `X402_NETWORK`'s, a devnet in the sandbox",
  },
  {
    name: 'X402_FEE_PAYER_KEY',
    doc: "EVM networks: the key that pays for this network's x402 settlements; unset: `X402_FEE_PAYER_KEY` for `X402_NETWORK`'s, else verify only (settle answers `settlement_disabled`)",
  },
  {
    name: 'X402_ASSETS',
    shown: "`X402_ASSETS`, else the network's USD stablecoins",
    doc: 'EVM networks: the tokens x402 accepts there, comma-separated; one without EIP-3009 (USDT and USDC on `BNB`) is paid through Permit2',
  },
  { name: 'X402_GAS_CEILING', shown: '`X402_GAS_CEILING`', doc: 'EVM networks: the most gas one x402 settlement there may need' },
  {
    name: 'X402_FEE_PAYER_RESERVE_WEI',
    shown: '`X402_FEE_PAYER_RESERVE_WEI`',
    doc: "EVM networks: what this network's fee payer keeps, in its coin's smallest unit",
  },
  { name: 'X402_GAS_BUDGET_WEI', shown: '`X402_GAS_BUDGET_WEI`', doc: 'EVM networks: gas all x402 settlements there may spend per 24 h' },
  {
    name: 'X402_TENANT_GAS_BUDGET_WEI',
    shown: '`X402_TENANT_GAS_BUDGET_WEI`',
    doc: "EVM networks: gas one merchant's x402 settlements there may spend per 24 h",
  },
];
