// Generated from GET /openapi.json by scripts/openapi-types.mjs (npm run openapi:types).
// Do not edit: change the route schemas and regenerate; test/dashboard/openapi-types.test.ts
// fails while this file is stale.
/* eslint-disable */
import type { Decimal } from '../../shared/exact-json.ts';
export interface paths {
    "/pay/{id}/receipt-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The customer's address for the receipt, when the invoice has none; answered with the page's state */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        /** @description The page's language: the customer's mails are written in it */
                        lang?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Fiat total (decimal string) */
                                amount: string;
                                /** @description What the merchant refunded, in the chosen currency (decimal string; '0' when none) */
                                amountRefunded: string;
                                /** @description The merchant's colour (#rrggbb), the page's accent; null for the default */
                                brandColor: string | null;
                                createdAt: string;
                                currencies: {
                                    amountEstimate: string | null;
                                    /** @description The coin as people call it: "Tether USD", "Bitcoin" */
                                    assetName: string;
                                    available: boolean;
                                    cryptoCurrencyCode: string;
                                    icon: string;
                                    name: string;
                                    network: string;
                                    /** @description Its network as wallets name it: "Tron", "BNB Smart Chain" */
                                    networkName: string;
                                    /** @description Other networks with a coin of the same ticker: sent there, it does not pay this invoice */
                                    otherNetworks: string[];
                                    /** @description Token standard ("TRC-20"); null for a network's own coin */
                                    standard: string | null;
                                    symbol: string;
                                }[];
                                description: string | null;
                                expiresAt: string;
                                fiatCurrencyCode: string;
                                id: string;
                                items: {
                                    /**
                                     * Format: decimal
                                     * @description Cost of one, in the fiat currency. Exact decimal (a JSON number with every digit)
                                     */
                                    cost: Decimal;
                                    name: string;
                                    /**
                                     * Format: decimal
                                     * @description Quantity. Exact decimal (a JSON number with every digit)
                                     */
                                    quantity: Decimal;
                                }[];
                                /** @description Where the page loads the merchant's logo from; null when it has none */
                                merchantLogoUrl: string | null;
                                /** @description The merchant's display name (its brand name, else the tenant's name) */
                                merchantName: string;
                                /** @description sandbox: a test payment, no real money moves */
                                mode: "sandbox" | "live";
                                /** @description Server time, for the countdown */
                                now: string;
                                number: string | null;
                                orderId: string;
                                outcome: null | {
                                    kind: "success" | "failed" | "return";
                                    url: string | null;
                                };
                                paidAt: string | null;
                                /** @description The receipt by mail: whether the page offers it, and the customer's address as the page may show it */
                                receipt: {
                                    /** @description The page may ask for an address: mail is set up, the merchant sends receipts, the invoice is open and has none */
                                    offered: boolean;
                                    /** @description Where the receipt goes, masked (j•••@example.com); null when the invoice has no address */
                                    to: string | null;
                                };
                                selected: null | {
                                    address: string;
                                    amountExpected: string;
                                    amountPending: string;
                                    amountReceived: string;
                                    /** @description What the customer still has to send: expected less what is confirmed or on its way */
                                    amountRemaining: string;
                                    /** @description The coin as people call it: "Tether USD", "Bitcoin" */
                                    assetName: string;
                                    confirmationsRequired: number;
                                    cryptoCurrencyCode: string;
                                    decimals: number;
                                    lockedAt: string;
                                    name: string;
                                    network: string;
                                    networkFee: string;
                                    /** @description Its network as wallets name it: "Tron", "BNB Smart Chain" */
                                    networkName: string;
                                    /** @description Other networks with a coin of the same ticker: sent there, it does not pay this invoice */
                                    otherNetworks: string[];
                                    /** @description Payments counted toward the quote, newest first (at most 10) */
                                    payments: {
                                        /** @description Decimal string in the chosen currency */
                                        amount: string;
                                        confirmations: number;
                                        confirmedAt: string | null;
                                        /** @description The transaction on a public block explorer; null in sandbox mode */
                                        explorerUrl: string | null;
                                        seenAt: string;
                                        status: "seen" | "confirmed";
                                        txHash: string;
                                    }[];
                                    paymentUri: string;
                                    qrCode: string;
                                    /** @description Fiat per one unit of the crypto currency, locked */
                                    rate: string;
                                    sandbox: boolean;
                                    /** @description Token standard ("TRC-20"); null for a network's own coin */
                                    standard: string | null;
                                    symbol: string;
                                };
                                status: "created" | "processing" | "paid" | "partially_paid" | "overpaid" | "expired" | "cancelled" | "failed" | "suspended";
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{id}/select": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Locks the currency, rate, amount with network fee, and a fresh address */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                        /** @description The page's language: the customer's mails about the invoice are written in it */
                        lang?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Fiat total (decimal string) */
                                amount: string;
                                /** @description What the merchant refunded, in the chosen currency (decimal string; '0' when none) */
                                amountRefunded: string;
                                /** @description The merchant's colour (#rrggbb), the page's accent; null for the default */
                                brandColor: string | null;
                                createdAt: string;
                                currencies: {
                                    amountEstimate: string | null;
                                    /** @description The coin as people call it: "Tether USD", "Bitcoin" */
                                    assetName: string;
                                    available: boolean;
                                    cryptoCurrencyCode: string;
                                    icon: string;
                                    name: string;
                                    network: string;
                                    /** @description Its network as wallets name it: "Tron", "BNB Smart Chain" */
                                    networkName: string;
                                    /** @description Other networks with a coin of the same ticker: sent there, it does not pay this invoice */
                                    otherNetworks: string[];
                                    /** @description Token standard ("TRC-20"); null for a network's own coin */
                                    standard: string | null;
                                    symbol: string;
                                }[];
                                description: string | null;
                                expiresAt: string;
                                fiatCurrencyCode: string;
                                id: string;
                                items: {
                                    /**
                                     * Format: decimal
                                     * @description Cost of one, in the fiat currency. Exact decimal (a JSON number with every digit)
                                     */
                                    cost: Decimal;
                                    name: string;
                                    /**
                                     * Format: decimal
                                     * @description Quantity. Exact decimal (a JSON number with every digit)
                                     */
                                    quantity: Decimal;
                                }[];
                                /** @description Where the page loads the merchant's logo from; null when it has none */
                                merchantLogoUrl: string | null;
                                /** @description The merchant's display name (its brand name, else the tenant's name) */
                                merchantName: string;
                                /** @description sandbox: a test payment, no real money moves */
                                mode: "sandbox" | "live";
                                /** @description Server time, for the countdown */
                                now: string;
                                number: string | null;
                                orderId: string;
                                outcome: null | {
                                    kind: "success" | "failed" | "return";
                                    url: string | null;
                                };
                                paidAt: string | null;
                                /** @description The receipt by mail: whether the page offers it, and the customer's address as the page may show it */
                                receipt: {
                                    /** @description The page may ask for an address: mail is set up, the merchant sends receipts, the invoice is open and has none */
                                    offered: boolean;
                                    /** @description Where the receipt goes, masked (j•••@example.com); null when the invoice has no address */
                                    to: string | null;
                                };
                                selected: null | {
                                    address: string;
                                    amountExpected: string;
                                    amountPending: string;
                                    amountReceived: string;
                                    /** @description What the customer still has to send: expected less what is confirmed or on its way */
                                    amountRemaining: string;
                                    /** @description The coin as people call it: "Tether USD", "Bitcoin" */
                                    assetName: string;
                                    confirmationsRequired: number;
                                    cryptoCurrencyCode: string;
                                    decimals: number;
                                    lockedAt: string;
                                    name: string;
                                    network: string;
                                    networkFee: string;
                                    /** @description Its network as wallets name it: "Tron", "BNB Smart Chain" */
                                    networkName: string;
                                    /** @description Other networks with a coin of the same ticker: sent there, it does not pay this invoice */
                                    otherNetworks: string[];
                                    /** @description Payments counted toward the quote, newest first (at most 10) */
                                    payments: {
                                        /** @description Decimal string in the chosen currency */
                                        amount: string;
                                        confirmations: number;
                                        confirmedAt: string | null;
                                        /** @description The transaction on a public block explorer; null in sandbox mode */
                                        explorerUrl: string | null;
                                        seenAt: string;
                                        status: "seen" | "confirmed";
                                        txHash: string;
                                    }[];
                                    paymentUri: string;
                                    qrCode: string;
                                    /** @description Fiat per one unit of the crypto currency, locked */
                                    rate: string;
                                    sandbox: boolean;
                                    /** @description Token standard ("TRC-20"); null for a network's own coin */
                                    standard: string | null;
                                    symbol: string;
                                };
                                status: "created" | "processing" | "paid" | "partially_paid" | "overpaid" | "expired" | "cancelled" | "failed" | "suspended";
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{id}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: the customer pays the exact amount, half of it, or 10 % more */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        amount: "exact" | "partial" | "over";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                txHash: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{id}/simulate/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: mines as many blocks as the invoice's network needs to confirm */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                height: number;
                                network: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{id}/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The invoice as the customer may see it, with the currencies it can be paid in */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Fiat total (decimal string) */
                                amount: string;
                                /** @description What the merchant refunded, in the chosen currency (decimal string; '0' when none) */
                                amountRefunded: string;
                                /** @description The merchant's colour (#rrggbb), the page's accent; null for the default */
                                brandColor: string | null;
                                createdAt: string;
                                currencies: {
                                    amountEstimate: string | null;
                                    /** @description The coin as people call it: "Tether USD", "Bitcoin" */
                                    assetName: string;
                                    available: boolean;
                                    cryptoCurrencyCode: string;
                                    icon: string;
                                    name: string;
                                    network: string;
                                    /** @description Its network as wallets name it: "Tron", "BNB Smart Chain" */
                                    networkName: string;
                                    /** @description Other networks with a coin of the same ticker: sent there, it does not pay this invoice */
                                    otherNetworks: string[];
                                    /** @description Token standard ("TRC-20"); null for a network's own coin */
                                    standard: string | null;
                                    symbol: string;
                                }[];
                                description: string | null;
                                expiresAt: string;
                                fiatCurrencyCode: string;
                                id: string;
                                items: {
                                    /**
                                     * Format: decimal
                                     * @description Cost of one, in the fiat currency. Exact decimal (a JSON number with every digit)
                                     */
                                    cost: Decimal;
                                    name: string;
                                    /**
                                     * Format: decimal
                                     * @description Quantity. Exact decimal (a JSON number with every digit)
                                     */
                                    quantity: Decimal;
                                }[];
                                /** @description Where the page loads the merchant's logo from; null when it has none */
                                merchantLogoUrl: string | null;
                                /** @description The merchant's display name (its brand name, else the tenant's name) */
                                merchantName: string;
                                /** @description sandbox: a test payment, no real money moves */
                                mode: "sandbox" | "live";
                                /** @description Server time, for the countdown */
                                now: string;
                                number: string | null;
                                orderId: string;
                                outcome: null | {
                                    kind: "success" | "failed" | "return";
                                    url: string | null;
                                };
                                paidAt: string | null;
                                /** @description The receipt by mail: whether the page offers it, and the customer's address as the page may show it */
                                receipt: {
                                    /** @description The page may ask for an address: mail is set up, the merchant sends receipts, the invoice is open and has none */
                                    offered: boolean;
                                    /** @description Where the receipt goes, masked (j•••@example.com); null when the invoice has no address */
                                    to: string | null;
                                };
                                selected: null | {
                                    address: string;
                                    amountExpected: string;
                                    amountPending: string;
                                    amountReceived: string;
                                    /** @description What the customer still has to send: expected less what is confirmed or on its way */
                                    amountRemaining: string;
                                    /** @description The coin as people call it: "Tether USD", "Bitcoin" */
                                    assetName: string;
                                    confirmationsRequired: number;
                                    cryptoCurrencyCode: string;
                                    decimals: number;
                                    lockedAt: string;
                                    name: string;
                                    network: string;
                                    networkFee: string;
                                    /** @description Its network as wallets name it: "Tron", "BNB Smart Chain" */
                                    networkName: string;
                                    /** @description Other networks with a coin of the same ticker: sent there, it does not pay this invoice */
                                    otherNetworks: string[];
                                    /** @description Payments counted toward the quote, newest first (at most 10) */
                                    payments: {
                                        /** @description Decimal string in the chosen currency */
                                        amount: string;
                                        confirmations: number;
                                        confirmedAt: string | null;
                                        /** @description The transaction on a public block explorer; null in sandbox mode */
                                        explorerUrl: string | null;
                                        seenAt: string;
                                        status: "seen" | "confirmed";
                                        txHash: string;
                                    }[];
                                    paymentUri: string;
                                    qrCode: string;
                                    /** @description Fiat per one unit of the crypto currency, locked */
                                    rate: string;
                                    sandbox: boolean;
                                    /** @description Token standard ("TRC-20"); null for a network's own coin */
                                    standard: string | null;
                                    symbol: string;
                                };
                                status: "created" | "processing" | "paid" | "partially_paid" | "overpaid" | "expired" | "cancelled" | "failed" | "suspended";
                            };
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Machine-readable code under `exceptions.` */
                            code: string;
                            extension?: {
                                [key: string]: unknown;
                            };
                            message: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;

/** The properties whose numbers are exact decimals in these answers: the client parses them as Decimals. */
export const decimalFields: ReadonlySet<string> = new Set([
    "cost",
    "quantity",
]);

/** The properties whose numbers are other numbers (counts, heights, places) in these answers: parsed as numbers. */
export const numberFields: ReadonlySet<string> = new Set([
    "confirmations",
    "confirmationsRequired",
    "decimals",
    "height",
]);
