// Generated from GET /openapi.json by scripts/openapi-types.mjs (npm run openapi:types).
// Do not edit: change the route schemas and regenerate; test/dashboard/openapi-types.test.ts
// fails while this file is stale.
/* eslint-disable */
export interface paths {
    "/admin/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API keys of every tenant (or of `tenantId`), newest first, revoked ones included; never the keys or their hashes */
        get: operations["adminListApiKeys"];
        put?: never;
        /** Issue an API key bound to one account, or tenant-wide without accountId; it belongs to no user (an operator's session with 2FA confirms a money-moving or rights-granting scope with `x-totp-code`) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description Absent: a tenant-wide key, acting on the account each request names
                         */
                        accountId?: string;
                        allowedIps?: string[] | null;
                        scopes: ("*" | "currencies.list" | "invoices.create" | "invoices.list" | "invoices.cancel" | "deposits.create" | "deposits.list" | "withdrawals.create" | "withdrawals.list" | "x402.verify" | "x402.settle" | "x402.list" | "addressProvision.list" | "addressProvision.create" | "accounts.list" | "accounts.create" | "balances.list" | "converting.create" | "converting.list" | "apiKeys.list" | "apiKeys.manage" | "webhooks.list" | "webhooks.manage" | "requestLog.list" | "users.list" | "users.manage" | "settings.manage" | "audit.list" | "payouts.list" | "payouts.manage" | "payoutPolicy.manage")[];
                        /** Format: uuid */
                        tenantId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description The one account the key acts on; null for a tenant-wide key, whose every request names its accountId */
                                accountId: string | null;
                                allowedIps: string[] | null;
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                /** @description Shown only in this response; stored only as a hash */
                                key: string;
                                keyStart: string;
                                scopes: string[];
                                tenantId: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key at once */
        delete: {
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
                                id: string;
                                revoked: boolean;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The installation's audit log across tenants (or of `tenantId`), operators' actions included, newest first */
        get: operations["adminListAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Block a customer of a tenant from new invoices (blocking twice is a no-op) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        customerId: string;
                        /** Format: uuid */
                        tenantId: string;
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
                                blocked: boolean;
                                customerId: string;
                                tenantId: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/customers/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Blocked customers of every tenant (or of `tenantId`), newest first */
        get: operations["adminListCustomerBlocks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/unblock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Let a blocked customer of a tenant create invoices again (404 tenant.notFound, customer.notBlocked) */
        post: operations["adminUnblockCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/held-payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payments incoming screening held, newest first: not credited until released */
        get: operations["adminHeldPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/held-payments/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refunds a final held payment, less the network fee, to an address of its network (a payout from the hold) */
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
                        /** @description Where the refund goes */
                        address: string;
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
                            /** HeldPayment */
                            data: {
                                /** @description Our address it paid */
                                address: string;
                                /**
                                 * Format: decimal
                                 * @description Amount received, in whole units of the currency. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                confirmations: number;
                                cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                                decidedBy: string | null;
                                /** @description deny or review */
                                decision: string;
                                /** @description The sender screening did not allow */
                                flaggedSender: string;
                                /** Format: date-time */
                                heldAt: string;
                                /** Format: uuid */
                                id: string;
                                network: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
                                outputIndex: number;
                                /** Format: uuid */
                                ownerId: string;
                                /** @description What the address was handed out for */
                                ownerType: "invoice" | "deposit";
                                paymentStatus: "seen" | "confirmed" | "orphaned";
                                reason: string | null;
                                refundAddress: string | null;
                                refundStatus: ("awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled") | null;
                                refundWithdrawalId: string | null;
                                /** @description Who paid it, as the chain names them */
                                senders: string[];
                                /** @description What decided: denylist, provider, or failClosed (the provider did not answer and SCREENING_FAIL is closed) */
                                source: string;
                                status: "held" | "released" | "refunded";
                                /** Format: uuid */
                                tenantId: string;
                                tenantName: string;
                                transactionHash: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Conflict */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/held-payments/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Releases a held payment: its invoice or deposit is credited as it would have been */
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
                            /** HeldPayment */
                            data: {
                                /** @description Our address it paid */
                                address: string;
                                /**
                                 * Format: decimal
                                 * @description Amount received, in whole units of the currency. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                confirmations: number;
                                cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                                decidedBy: string | null;
                                /** @description deny or review */
                                decision: string;
                                /** @description The sender screening did not allow */
                                flaggedSender: string;
                                /** Format: date-time */
                                heldAt: string;
                                /** Format: uuid */
                                id: string;
                                network: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
                                outputIndex: number;
                                /** Format: uuid */
                                ownerId: string;
                                /** @description What the address was handed out for */
                                ownerType: "invoice" | "deposit";
                                paymentStatus: "seen" | "confirmed" | "orphaned";
                                reason: string | null;
                                refundAddress: string | null;
                                refundStatus: ("awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled") | null;
                                refundWithdrawalId: string | null;
                                /** @description Who paid it, as the chain names them */
                                senders: string[];
                                /** @description What decided: denylist, provider, or failClosed (the provider did not answer and SCREENING_FAIL is closed) */
                                source: string;
                                status: "held" | "released" | "refunded";
                                /** Format: uuid */
                                tenantId: string;
                                tenantName: string;
                                transactionHash: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Conflict */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/hot-wallets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hot wallets against cold storage: levels per currency, shortfalls, what to refill from cold, and the latest moves to cold */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
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
                                coldStorage: {
                                    /** @description <NET>_COLD_ADDRESS */
                                    address: string;
                                    hotMaxUsd: number | null;
                                    hotTargetUsd: number | null;
                                } | null;
                                /** @description As the last round of a worker holding the hot-wallet key read them (none before one ran) */
                                currencies: {
                                    advice: string | null;
                                    /**
                                     * Format: decimal
                                     * @description What the hot wallet can spend (its balance less payouts sent and not yet in a block). Exact decimal (a JSON number with every digit)
                                     */
                                    balance: number;
                                    /** Format: date-time */
                                    checkedAt: string;
                                    cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                                    /**
                                     * Format: decimal
                                     * @description What the withdrawal queue needs of it: committed and awaiting approval. Exact decimal (a JSON number with every digit)
                                     */
                                    queued: number;
                                    /**
                                     * Format: decimal
                                     * @description What to send from cold storage to cover the queue and restore the target (without cold storage: to fund it with); 0 while nothing lacks. Exact decimal (a JSON number with every digit)
                                     */
                                    refill: number;
                                    /**
                                     * Format: decimal
                                     * @description What it lacks for the queue (0: covered); the hot_wallet_shortfall gauge. Exact decimal (a JSON number with every digit)
                                     */
                                    shortfall: number;
                                }[];
                                moveRequestedAt: string | null;
                                /** @description The latest moves to cold storage, newest first */
                                moves: {
                                    /** @description The cold address it pays */
                                    address: string;
                                    /**
                                     * Format: decimal
                                     * @description Exact decimal (a JSON number with every digit)
                                     */
                                    amount: number;
                                    /** @description ceiling: the hot wallet held more than <NET>_HOT_MAX_USD; operator: an operator asked for it */
                                    cause: "ceiling" | "operator";
                                    completedAt: string | null;
                                    /** Format: date-time */
                                    createdAt: string;
                                    cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                                    failureReason: string | null;
                                    feeCappedAt: string | null;
                                    feeCappedDetail: string | null;
                                    /**
                                     * Format: decimal
                                     * @description What the hot wallet could spend when it was decided. Exact decimal (a JSON number with every digit)
                                     */
                                    hotBalance: number;
                                    /** Format: uuid */
                                    id: string;
                                    network: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
                                    networkCost: number | null;
                                    networkCostCurrency: string | null;
                                    /**
                                     * Format: decimal
                                     * @description What the withdrawal queue needed of it then (kept in the hot wallet). Exact decimal (a JSON number with every digit)
                                     */
                                    queued: number;
                                    status: "processing" | "completed" | "failed";
                                    /** @description The transaction it stands on now (its newest replacement, or the one in a block) */
                                    transactionHash: string;
                                    /** Format: date-time */
                                    updatedAt: string;
                                }[];
                                network: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
                            }[];
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/hot-wallets/{network}/move-to-cold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Asks the next round of a worker holding the network's key to move what its hot wallet holds above the target (and the queue) to cold storage */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    network: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                network: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
                                /** Format: date-time */
                                requestedAt: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Conflict */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each network's node, scan progress, unconfirmed payments, fee quotes and hot wallet, and the x402 fee payer, read now */
        get: operations["adminNetworks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/payout-addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a destination to a tenant's payout address book (usable after the tenant's delay, like the tenant's own) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        address: string;
                        cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                        label?: string;
                        /** Format: uuid */
                        tenantId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: date-time */
                                activeAt: string;
                                address: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Who added it (an email, or the operator) */
                                createdBy: string;
                                cryptoCurrencyCode: string;
                                /** Format: uuid */
                                id: string;
                                label: string | null;
                                network: string;
                                /** @description `pending` until activeAt, then `active` */
                                status: "pending" | "active" | "removed";
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Conflict */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exchange rates: each source's age, each asset's price and sources, and why one cannot be quoted with */
        get: operations["adminRates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/sandbox/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: add blocks, so seen transfers gain confirmations */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        blocks: number;
                        /** @description BTC, Ethereum, BNB, Base or Tron */
                        network: string;
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
                                hash: string;
                                height: number;
                                network: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/sandbox/network-fees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Sandbox only: set the live deposit network fee of a currency (null: unavailable) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        amount: number | null;
                        cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
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
                                amount: number | null;
                                cryptoCurrencyCode: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/sandbox/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: an incoming on-chain transfer, seen at once with 0 confirmations */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        amount: number | string;
                        /** @description A token outside the catalogue, by its contract (instead of cryptoCurrencyCode); amount is then in its atomic units */
                        contract?: string;
                        cryptoCurrencyCode?: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                        /** @description Who pays it (an address of its network): what incoming screening looks at */
                        from?: string;
                        /** @description With contract: Ethereum, BNB, Base or Tron */
                        network?: string;
                        /** @description Signal replace-by-fee (BTC): not final before it confirms */
                        rbf?: boolean;
                        to: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
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
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/solvency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per currency: custody on chain against liabilities and against the ledger, read now */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
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
                                /**
                                 * Format: decimal
                                 * @description On chain, in blocks: the network's cold address (<NET>_COLD_ADDRESS); 0 without one. Exact decimal (a JSON number with every digit)
                                 */
                                cold: number;
                                cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                                /**
                                 * Format: decimal
                                 * @description hot + cold. Exact decimal (a JSON number with every digit)
                                 */
                                custody: number;
                                /**
                                 * Format: decimal
                                 * @description custody − liabilities (negative: not covered). Exact decimal (a JSON number with every digit)
                                 */
                                difference: number;
                                disagreement: {
                                    /**
                                     * Format: decimal
                                     * @description By how much, beyond what payouts in flight explain. Exact decimal (a JSON number with every digit)
                                     */
                                    by: number;
                                    /** @description Which side holds more */
                                    higher: "chain" | "ledger";
                                } | null;
                                /**
                                 * Format: decimal
                                 * @description On chain, in blocks: the hot wallet and the deposit addresses not swept yet. Exact decimal (a JSON number with every digit)
                                 */
                                hot: number;
                                /**
                                 * Format: decimal
                                 * @description The ledger's custody of the currency's network: its hot side and what moves to cold storage put in cold. Exact decimal (a JSON number with every digit)
                                 */
                                ledgerCustody: number;
                                /**
                                 * Format: decimal
                                 * @description Merchant balances, withdrawals committed and not yet out of custody (amount and fee), suspense, and the house FX long. Exact decimal (a JSON number with every digit)
                                 */
                                liabilities: number;
                                /** @description warning: custody below liabilities, or the chain and the ledger disagree (outside what payouts in flight explain; on a real network its own coin may hold more, the operator’s gas float) */
                                status: "ok" | "warning";
                                /** @description Each problem in plain words: which side, by how much, and what the operator does; empty when ok */
                                warnings: string[];
                            }[];
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
                /** @description Temporarily unavailable */
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
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tenants, newest first; `search` matches the id exactly or the name (case-insensitive, anywhere in it) */
        get: operations["adminListTenants"];
        put?: never;
        /** Create a tenant with its first account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                accountId?: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Override of the system default rate; null uses the default */
                                depositCommission: number | null;
                                /** @description Deposit events' URL when the deposit names none */
                                depositWebhookUrl: string | null;
                                id: string;
                                maxAccounts: number;
                                name: string;
                                suspendedAt: string | null;
                                /** @description Default URL of every event whose object names none (deposits: after depositWebhookUrl) */
                                webhookUrl: string | null;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/tenants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a tenant and its settings */
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
                                accountId?: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Override of the system default rate; null uses the default */
                                depositCommission: number | null;
                                /** @description Deposit events' URL when the deposit names none */
                                depositWebhookUrl: string | null;
                                id: string;
                                maxAccounts: number;
                                name: string;
                                suspendedAt: string | null;
                                /** @description Default URL of every event whose object names none (deposits: after depositWebhookUrl) */
                                webhookUrl: string | null;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
        /** Change tenant settings (an operator's session with 2FA confirms webhook URLs and the commission with `x-totp-code`) */
        patch: {
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
                        depositCommission?: number | null;
                        depositWebhookUrl?: string | null;
                        maxAccounts?: number | null;
                        name?: string;
                        webhookUrl?: string | null;
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
                                accountId?: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Override of the system default rate; null uses the default */
                                depositCommission: number | null;
                                /** @description Deposit events' URL when the deposit names none */
                                depositWebhookUrl: string | null;
                                id: string;
                                maxAccounts: number;
                                name: string;
                                suspendedAt: string | null;
                                /** @description Default URL of every event whose object names none (deposits: after depositWebhookUrl) */
                                webhookUrl: string | null;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
        trace?: never;
    };
    "/admin/tenants/{id}/payout-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set a tenant's payout policy: every field at once, loosening included */
        patch: {
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
                        allowlistOnly?: boolean;
                        approvalAboveUsd?: number | null;
                        approvalForApiKeys?: boolean;
                        maxPerDayPerKeyUsd?: number | null;
                        maxPerDayUsd?: number | null;
                        maxPerWithdrawalUsd?: number | null;
                        newAddressDelayHours?: number;
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
                                /** @description Withdrawals (refunds aside) go only to active addresses of the address book */
                                allowlistOnly: boolean;
                                approvalAboveUsd: number | null;
                                /** @description Withdrawals committed by an API key need a person’s approval */
                                approvalForApiKeys: boolean;
                                maxPerDayPerKeyUsd: number | null;
                                maxPerDayUsd: number | null;
                                maxPerWithdrawalUsd: number | null;
                                /** @description Hours before a new address is usable, and a loosening of this policy takes effect */
                                newAddressDelayHours: number;
                                /** @description Loosenings asked for, in force from effectiveAt unless cancelled before */
                                pending: {
                                    changes: {
                                        /** @description Withdrawals (refunds aside) go only to active addresses of the address book */
                                        allowlistOnly?: boolean;
                                        approvalAboveUsd?: number | null;
                                        /** @description Withdrawals committed by an API key need a person’s approval */
                                        approvalForApiKeys?: boolean;
                                        maxPerDayPerKeyUsd?: number | null;
                                        maxPerDayUsd?: number | null;
                                        maxPerWithdrawalUsd?: number | null;
                                        /** @description Hours before a new address is usable, and a loosening of this policy takes effect */
                                        newAddressDelayHours?: number;
                                    };
                                    /** Format: date-time */
                                    effectiveAt: string;
                                    /** Format: uuid */
                                    id: string;
                                    /** Format: date-time */
                                    requestedAt: string;
                                    requestedBy: string;
                                }[];
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
        trace?: never;
    };
    "/admin/tenants/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a suspended tenant: its API keys work again (ended sessions stay ended) */
        post: operations["adminResumeTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tenants/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suspend a tenant: its API keys are refused and its users' sessions end and sign-ins are refused (403 auth.tenantSuspended); its payments, deposits and webhooks go on */
        post: operations["adminSuspendTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tenants/{id}/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tenant's webhook deliveries, newest first */
        get: {
            parameters: {
                query: {
                    limit: number;
                    page: number;
                    status?: "pending" | "delivered" | "failed";
                };
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
                                attempts: number;
                                createdAt: string;
                                deliveredAt: string | null;
                                event: string;
                                failedAt: string | null;
                                /** @description Also the x-webhook-id header of every attempt */
                                id: string;
                                lastError: string | null;
                                lastStatusCode: number | null;
                                nextAttemptAt: string | null;
                                /** @description aggregate type:id, e.g. deposit:<uuid> */
                                object: string;
                                status: "pending" | "delivered" | "failed";
                                tenantId: string;
                                url: string;
                            }[];
                            hasMore: boolean;
                            limit: number;
                            page: number;
                            total: number;
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/tenants/{id}/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the tenant's webhook signing secret (an operator's session with 2FA confirms it with `x-totp-code`) */
        post: {
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
                                secret: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/tenants/{tenantId}/users/{id}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A one-time password reset link for an active user of the tenant, valid an hour (the user's earlier links end; using it ends their sessions). 404 user.notFound (not a user of this tenant), 409 user.notActive (invited or removed) */
        post: operations["adminIssuePasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/unlisted-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tokens outside the catalogue that reached our addresses, newest first: never credited */
        get: operations["adminUnlistedTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/unlisted-tokens/{id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Leaves it where it is (a spam token); it can be held again */
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
                        reason?: string;
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
                            /** UnlistedToken */
                            data: {
                                /** @description Our address it reached */
                                address: string;
                                /** @description Atomic units of the token (its decimals are not known to the gateway) */
                                amount: string;
                                blockHeight: number | null;
                                /** @description The token contract (outside the catalogue) */
                                contract: string;
                                /** @description The address's key, under the network's account key: to move it by hand */
                                derivationPath: string;
                                /** Format: date-time */
                                firstSeenAt: string;
                                /** Format: uuid */
                                id: string;
                                moveTo: string | null;
                                moveTransactionHash: string | null;
                                network: string;
                                note: string | null;
                                outputIndex: number;
                                /** Format: uuid */
                                ownerId: string;
                                /** @description invoice or deposit: what the address was handed out for */
                                ownerType: string;
                                status: "held" | "moving" | "moved" | "dismissed";
                                /** Format: uuid */
                                tenantId: string;
                                tenantName: string;
                                transactionHash: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Conflict */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/unlisted-tokens/{id}/hold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Holds a dismissed one again */
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
                            /** UnlistedToken */
                            data: {
                                /** @description Our address it reached */
                                address: string;
                                /** @description Atomic units of the token (its decimals are not known to the gateway) */
                                amount: string;
                                blockHeight: number | null;
                                /** @description The token contract (outside the catalogue) */
                                contract: string;
                                /** @description The address's key, under the network's account key: to move it by hand */
                                derivationPath: string;
                                /** Format: date-time */
                                firstSeenAt: string;
                                /** Format: uuid */
                                id: string;
                                moveTo: string | null;
                                moveTransactionHash: string | null;
                                network: string;
                                note: string | null;
                                outputIndex: number;
                                /** Format: uuid */
                                ownerId: string;
                                /** @description invoice or deposit: what the address was handed out for */
                                ownerType: string;
                                status: "held" | "moving" | "moved" | "dismissed";
                                /** Format: uuid */
                                tenantId: string;
                                tenantName: string;
                                transactionHash: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Conflict */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/unlisted-tokens/{id}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Moves it to the hot wallet, or to `to` (an address of its network); a worker holding the sweep key signs */
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
                        to?: string;
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
                            /** UnlistedToken */
                            data: {
                                /** @description Our address it reached */
                                address: string;
                                /** @description Atomic units of the token (its decimals are not known to the gateway) */
                                amount: string;
                                blockHeight: number | null;
                                /** @description The token contract (outside the catalogue) */
                                contract: string;
                                /** @description The address's key, under the network's account key: to move it by hand */
                                derivationPath: string;
                                /** Format: date-time */
                                firstSeenAt: string;
                                /** Format: uuid */
                                id: string;
                                moveTo: string | null;
                                moveTransactionHash: string | null;
                                network: string;
                                note: string | null;
                                outputIndex: number;
                                /** Format: uuid */
                                ownerId: string;
                                /** @description invoice or deposit: what the address was handed out for */
                                ownerType: string;
                                status: "held" | "moving" | "moved" | "dismissed";
                                /** Format: uuid */
                                tenantId: string;
                                tenantName: string;
                                transactionHash: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Conflict */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/unlisted-tokens/{id}/moved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Records a move made by hand (with the key at derivationPath) */
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
                        transactionHash: string;
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
                            /** UnlistedToken */
                            data: {
                                /** @description Our address it reached */
                                address: string;
                                /** @description Atomic units of the token (its decimals are not known to the gateway) */
                                amount: string;
                                blockHeight: number | null;
                                /** @description The token contract (outside the catalogue) */
                                contract: string;
                                /** @description The address's key, under the network's account key: to move it by hand */
                                derivationPath: string;
                                /** Format: date-time */
                                firstSeenAt: string;
                                /** Format: uuid */
                                id: string;
                                moveTo: string | null;
                                moveTransactionHash: string | null;
                                network: string;
                                note: string | null;
                                outputIndex: number;
                                /** Format: uuid */
                                ownerId: string;
                                /** @description invoice or deposit: what the address was handed out for */
                                ownerType: string;
                                status: "held" | "moving" | "moved" | "dismissed";
                                /** Format: uuid */
                                tenantId: string;
                                tenantName: string;
                                transactionHash: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Conflict */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users of every tenant and the operators (tenantId null), newest first; `search`: the email contains it (any case) */
        get: operations["adminListUsers"];
        put?: never;
        /** Invite a user: a merchant role with the tenant's id, or an operator without one (404 tenant.notFound, 409 user.emailTaken) */
        post: operations["adminInviteUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Disable any user: their sessions end at once, and their API keys are revoked, or with `keysTo` handed to that active user of the same tenant, whose role must cover every key (400 user.keyRecipientInvalid, 409 user.keyRecipientLacksScope; 404 user.notFound; 409 user.lastOperator: the installation keeps an active operator) */
        delete: operations["adminDisableUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook deliveries of every tenant (or one's), newest first */
        get: operations["adminListWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhook-deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One delivery with every attempt */
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
                                attemptLog: {
                                    attempt: number;
                                    attemptedAt: string;
                                    error: string | null;
                                    latencyMs: number;
                                    outcome: string;
                                    requestBody: string | null;
                                    responseBody: string | null;
                                    statusCode: number | null;
                                }[];
                                attempts: number;
                                createdAt: string;
                                deliveredAt: string | null;
                                event: string;
                                failedAt: string | null;
                                /** @description Also the x-webhook-id header of every attempt */
                                id: string;
                                lastError: string | null;
                                lastStatusCode: number | null;
                                nextAttemptAt: string | null;
                                /** @description aggregate type:id, e.g. deposit:<uuid> */
                                object: string;
                                status: "pending" | "delivered" | "failed";
                                tenantId: string;
                                url: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/webhook-deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends a delivery again now, with a fresh retry window */
        post: {
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
                                attempts: number;
                                createdAt: string;
                                deliveredAt: string | null;
                                event: string;
                                failedAt: string | null;
                                /** @description Also the x-webhook-id header of every attempt */
                                id: string;
                                lastError: string | null;
                                lastStatusCode: number | null;
                                nextAttemptAt: string | null;
                                /** @description aggregate type:id, e.g. deposit:<uuid> */
                                object: string;
                                status: "pending" | "delivered" | "failed";
                                tenantId: string;
                                url: string;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Conflict */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/webhook-health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook deliveries pending and given up, and the endpoints failing, worst first */
        get: operations["adminWebhookHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Withdrawals of every tenant (or one) waiting to be signed, processing or failed */
        get: operations["adminWithdrawalQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/withdrawals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A withdrawal of any tenant with its transactions, the fee charged and the network cost */
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
                                accountId: string;
                                address: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountUsd: number;
                                /** Format: date-time */
                                approvalExpiresAt?: string;
                                /** @description Whose approval it needs: tenant (a second person of the tenant), operator (the installation’s operator) */
                                approvalLevels?: ("tenant" | "operator")[];
                                /** @description The approvals given (on the single withdrawal, and in lists on those awaiting approval) */
                                approvals?: {
                                    /** Format: date-time */
                                    at: string;
                                    by: string;
                                    level: "tenant" | "operator";
                                }[];
                                /** @description Approvals it needs before it is paid (status awaitingApproval): a second person of the tenant, an operator */
                                approvalsRequired?: number;
                                /**
                                 * Format: uuid
                                 * @description An item of a batch: the batch (GET /withdrawal/batch)
                                 */
                                batchId?: string;
                                /** @description Sent to approval: who committed it (an email, or an API key’s prefix); never its approver */
                                committedBy?: string;
                                committedByUserId?: string | null;
                                convertId?: string | null;
                                createdAt: string;
                                cryptoCurrencyCode: string;
                                /** @description Merchant metadata as sent at commit; absent when none was sent */
                                customData?: {
                                    [key: string]: unknown;
                                };
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                debitedAmount: number;
                                /**
                                 * Format: uuid
                                 * @description A refund: the deposit it gives money back for
                                 */
                                depositId?: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                feeAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                feeAmountUsd: number;
                                id: string;
                                /**
                                 * Format: uuid
                                 * @description A refund: the invoice it gives money back for
                                 */
                                invoiceId?: string;
                                orderId: string;
                                /** @description Bitcoin, paid together with other withdrawals in one transaction (BTC_BATCH_WINDOW_S): its output in transactionHash */
                                outputIndex?: number;
                                payout: {
                                    bundleId: string | null;
                                    failureReason: string | null;
                                    feeCappedAt: string | null;
                                    feeCappedDetail: string | null;
                                    /**
                                     * Format: decimal
                                     * @description The fee the merchant paid, fixed at commit, in the withdrawal currency. Exact decimal (a JSON number with every digit)
                                     */
                                    feeCharged: number;
                                    networkCost: number | null;
                                    networkCostCurrency: string | null;
                                    nonce: number | null;
                                    sender: string | null;
                                    transactions: {
                                        broadcastAt: string | null;
                                        broadcastHeight: number | null;
                                        reason: ("stuck" | "underpriced" | "expired") | null;
                                        rejectedAt: string | null;
                                        /** @description 0 for the first signing, then each replacement */
                                        seq: number;
                                        terms: {
                                            [key: string]: unknown;
                                        } | null;
                                        txHash: string;
                                    }[];
                                    waiting: {
                                        /** @description What the operator does about it, in plain words (hotWalletLow: which hot wallet to fund, with what and how much) */
                                        action: string;
                                        /** @description hotWalletLow: the currency the hot wallet lacks */
                                        cryptoCurrencyCode?: string;
                                        /** @description feeUnavailable, signingFailed: the node's or the adapter's words; screening: who flagged it and why */
                                        message?: string;
                                        /**
                                         * Format: decimal
                                         * @description hotWalletLow: how much of cryptoCurrencyCode it lacks. Exact decimal (a JSON number with every digit)
                                         */
                                        missing?: number;
                                        /** @description Why it is not signed yet (status created), as the last execution round found it: hotWalletLow: the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin); feeUnavailable: no network fee could be had to sign it with (no fee quote, or a node that will not price it); noSigner: no worker holding the network's hot-wallet key has run lately; signingFailed: the last attempt to sign it failed at the node; screening: screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled */
                                        reason: "hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening";
                                        /** Format: date-time */
                                        since: string;
                                    } | null;
                                };
                                quoteId: string | null;
                                source?: string;
                                status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                                transactionHash?: string | null;
                                transferId: string | null;
                                updatedAt: string;
                                /** @description Why it is not signed yet (status created), as the last execution round found it: hotWalletLow: the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin); feeUnavailable: no network fee could be had to sign it with (no fee quote, or a node that will not price it); noSigner: no worker holding the network's hot-wallet key has run lately; signingFailed: the last attempt to sign it failed at the node; screening: screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled */
                                waitingReason?: "hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening";
                                /** @description hotWalletLow: what the gateway's hot wallet lacks for this payout (the operator funds it) */
                                waitingShortfall?: {
                                    /**
                                     * Format: decimal
                                     * @description How much of it the hot wallet lacks for this payout, exact. Exact decimal (a JSON number with every digit)
                                     */
                                    amount: number;
                                    /** @description The payout's currency, or the network's fee coin when the gas is what is short */
                                    cryptoCurrencyCode: string;
                                };
                                webhookUrl?: string | null;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/withdrawals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An operator's approval of a withdrawal that needs one */
        post: {
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
                                accountId: string;
                                address: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountUsd: number;
                                /** Format: date-time */
                                approvalExpiresAt?: string;
                                /** @description Whose approval it needs: tenant (a second person of the tenant), operator (the installation’s operator) */
                                approvalLevels?: ("tenant" | "operator")[];
                                /** @description The approvals given (on the single withdrawal, and in lists on those awaiting approval) */
                                approvals?: {
                                    /** Format: date-time */
                                    at: string;
                                    by: string;
                                    level: "tenant" | "operator";
                                }[];
                                /** @description Approvals it needs before it is paid (status awaitingApproval): a second person of the tenant, an operator */
                                approvalsRequired?: number;
                                /**
                                 * Format: uuid
                                 * @description An item of a batch: the batch (GET /withdrawal/batch)
                                 */
                                batchId?: string;
                                /** @description Sent to approval: who committed it (an email, or an API key’s prefix); never its approver */
                                committedBy?: string;
                                committedByUserId?: string | null;
                                convertId?: string | null;
                                createdAt: string;
                                cryptoCurrencyCode: string;
                                /** @description Merchant metadata as sent at commit; absent when none was sent */
                                customData?: {
                                    [key: string]: unknown;
                                };
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                debitedAmount: number;
                                /**
                                 * Format: uuid
                                 * @description A refund: the deposit it gives money back for
                                 */
                                depositId?: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                feeAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                feeAmountUsd: number;
                                id: string;
                                /**
                                 * Format: uuid
                                 * @description A refund: the invoice it gives money back for
                                 */
                                invoiceId?: string;
                                orderId: string;
                                /** @description Bitcoin, paid together with other withdrawals in one transaction (BTC_BATCH_WINDOW_S): its output in transactionHash */
                                outputIndex?: number;
                                quoteId: string | null;
                                source?: string;
                                status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                                transactionHash?: string | null;
                                transferId: string | null;
                                updatedAt: string;
                                /** @description Why it is not signed yet (status created), as the last execution round found it: hotWalletLow: the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin); feeUnavailable: no network fee could be had to sign it with (no fee quote, or a node that will not price it); noSigner: no worker holding the network's hot-wallet key has run lately; signingFailed: the last attempt to sign it failed at the node; screening: screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled */
                                waitingReason?: "hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening";
                                /** @description hotWalletLow: what the gateway's hot wallet lacks for this payout (the operator funds it) */
                                waitingShortfall?: {
                                    /**
                                     * Format: decimal
                                     * @description How much of it the hot wallet lacks for this payout, exact. Exact decimal (a JSON number with every digit)
                                     */
                                    amount: number;
                                    /** @description The payout's currency, or the network's fee coin when the gas is what is short */
                                    cryptoCurrencyCode: string;
                                };
                                webhookUrl?: string | null;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Conflict */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/withdrawals/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancels a withdrawal not yet signed; the debited total is refunded */
        post: {
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
                                accountId: string;
                                address: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountUsd: number;
                                /** Format: date-time */
                                approvalExpiresAt?: string;
                                /** @description Whose approval it needs: tenant (a second person of the tenant), operator (the installation’s operator) */
                                approvalLevels?: ("tenant" | "operator")[];
                                /** @description The approvals given (on the single withdrawal, and in lists on those awaiting approval) */
                                approvals?: {
                                    /** Format: date-time */
                                    at: string;
                                    by: string;
                                    level: "tenant" | "operator";
                                }[];
                                /** @description Approvals it needs before it is paid (status awaitingApproval): a second person of the tenant, an operator */
                                approvalsRequired?: number;
                                /**
                                 * Format: uuid
                                 * @description An item of a batch: the batch (GET /withdrawal/batch)
                                 */
                                batchId?: string;
                                /** @description Sent to approval: who committed it (an email, or an API key’s prefix); never its approver */
                                committedBy?: string;
                                committedByUserId?: string | null;
                                convertId?: string | null;
                                createdAt: string;
                                cryptoCurrencyCode: string;
                                /** @description Merchant metadata as sent at commit; absent when none was sent */
                                customData?: {
                                    [key: string]: unknown;
                                };
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                debitedAmount: number;
                                /**
                                 * Format: uuid
                                 * @description A refund: the deposit it gives money back for
                                 */
                                depositId?: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                feeAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                feeAmountUsd: number;
                                id: string;
                                /**
                                 * Format: uuid
                                 * @description A refund: the invoice it gives money back for
                                 */
                                invoiceId?: string;
                                orderId: string;
                                /** @description Bitcoin, paid together with other withdrawals in one transaction (BTC_BATCH_WINDOW_S): its output in transactionHash */
                                outputIndex?: number;
                                quoteId: string | null;
                                source?: string;
                                status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                                transactionHash?: string | null;
                                transferId: string | null;
                                updatedAt: string;
                                /** @description Why it is not signed yet (status created), as the last execution round found it: hotWalletLow: the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin); feeUnavailable: no network fee could be had to sign it with (no fee quote, or a node that will not price it); noSigner: no worker holding the network's hot-wallet key has run lately; signingFailed: the last attempt to sign it failed at the node; screening: screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled */
                                waitingReason?: "hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening";
                                /** @description hotWalletLow: what the gateway's hot wallet lacks for this payout (the operator funds it) */
                                waitingShortfall?: {
                                    /**
                                     * Format: decimal
                                     * @description How much of it the hot wallet lacks for this payout, exact. Exact decimal (a JSON number with every digit)
                                     */
                                    amount: number;
                                    /** @description The payout's currency, or the network's fee coin when the gas is what is short */
                                    cryptoCurrencyCode: string;
                                };
                                webhookUrl?: string | null;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/admin/withdrawals/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a withdrawal awaiting approval: cancelled, its funds given back */
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
                        reason?: string;
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
                                accountId: string;
                                address: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountUsd: number;
                                /** Format: date-time */
                                approvalExpiresAt?: string;
                                /** @description Whose approval it needs: tenant (a second person of the tenant), operator (the installation’s operator) */
                                approvalLevels?: ("tenant" | "operator")[];
                                /** @description The approvals given (on the single withdrawal, and in lists on those awaiting approval) */
                                approvals?: {
                                    /** Format: date-time */
                                    at: string;
                                    by: string;
                                    level: "tenant" | "operator";
                                }[];
                                /** @description Approvals it needs before it is paid (status awaitingApproval): a second person of the tenant, an operator */
                                approvalsRequired?: number;
                                /**
                                 * Format: uuid
                                 * @description An item of a batch: the batch (GET /withdrawal/batch)
                                 */
                                batchId?: string;
                                /** @description Sent to approval: who committed it (an email, or an API key’s prefix); never its approver */
                                committedBy?: string;
                                committedByUserId?: string | null;
                                convertId?: string | null;
                                createdAt: string;
                                cryptoCurrencyCode: string;
                                /** @description Merchant metadata as sent at commit; absent when none was sent */
                                customData?: {
                                    [key: string]: unknown;
                                };
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                debitedAmount: number;
                                /**
                                 * Format: uuid
                                 * @description A refund: the deposit it gives money back for
                                 */
                                depositId?: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                feeAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                feeAmountUsd: number;
                                id: string;
                                /**
                                 * Format: uuid
                                 * @description A refund: the invoice it gives money back for
                                 */
                                invoiceId?: string;
                                orderId: string;
                                /** @description Bitcoin, paid together with other withdrawals in one transaction (BTC_BATCH_WINDOW_S): its output in transactionHash */
                                outputIndex?: number;
                                quoteId: string | null;
                                source?: string;
                                status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                                transactionHash?: string | null;
                                transferId: string | null;
                                updatedAt: string;
                                /** @description Why it is not signed yet (status created), as the last execution round found it: hotWalletLow: the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin); feeUnavailable: no network fee could be had to sign it with (no fee quote, or a node that will not price it); noSigner: no worker holding the network's hot-wallet key has run lately; signingFailed: the last attempt to sign it failed at the node; screening: screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled */
                                waitingReason?: "hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening";
                                /** @description hotWalletLow: what the gateway's hot wallet lacks for this payout (the operator funds it) */
                                waitingShortfall?: {
                                    /**
                                     * Format: decimal
                                     * @description How much of it the hot wallet lacks for this payout, exact. Exact decimal (a JSON number with every digit)
                                     */
                                    amount: number;
                                    /** @description The payout's currency, or the network's fee coin when the gas is what is short */
                                    cryptoCurrencyCode: string;
                                };
                                webhookUrl?: string | null;
                            };
                        };
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description Not found for this tenant */
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
                /** @description Conflict */
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
    "/auth/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an invitation is for (400 inviteInvalid when unknown, expired or used) */
        get: operations["inviteInfo"];
        put?: never;
        /** Accept an invitation: set the password and sign in (400 inviteInvalid, passwordMismatch, passwordTooWeak; 403 tenantSuspended) */
        post: operations["acceptInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in: sets the session cookie; with two-factor on, `totpCode` or instead one of the recovery codes, which this spends (401 invalidCredentials, secondFactorRequired, invalidSecondFactor; 403 tenantSuspended; 429 while this address waits after failures) */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: ends this session and clears its cookie */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out everywhere: ends every session of the user */
        post: operations["logoutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user (401 sessionRequired without a session) */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password (401 invalidCredentials when the current one is wrong); the user's other sessions end */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whose password a reset link sets (400 resetInvalid when unknown, expired or used) */
        get: operations["passwordResetInfo"];
        put?: never;
        /** Set a new password with a reset link, spending it; every session of the user ends, and they sign in anew (400 resetInvalid, passwordMismatch, passwordTooWeak) */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new set of recovery codes, the old set ending: confirmed with a current authenticator code in `x-totp-code` (403 stepUpRequired without one, 401 invalidSecondFactor; 400 totpNotEnrolled while two-factor is off) */
        post: operations["renewRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/totp/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-factor authentication off with a current code, or a recovery code when the authenticator is lost (400 totpNotEnrolled, 401 invalidSecondFactor) */
        post: operations["disableTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/totp/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-factor authentication on with a code of the new secret; answers the recovery codes, once (400 totpNotEnrolled, 401 invalidSecondFactor) */
        post: operations["enableTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/totp/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start setting up two-factor authentication: a new secret and its QR code (409 totpAlreadyEnabled while it is on) */
        post: operations["setupTotp"];
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
                                    cost: number;
                                    name: string;
                                    /**
                                     * Format: decimal
                                     * @description Quantity. Exact decimal (a JSON number with every digit)
                                     */
                                    quantity: number;
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
    "/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the tenant's merchant accounts */
        get: operations["listMerchantAccounts"];
        put?: never;
        /** Create a merchant account (400 exceptions.account.limitReached at the maximum) */
        post: operations["createMerchantAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/address-provision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Disabled: always 503
         * @deprecated
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
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
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description IP not allowed, scope missing, or account not allowed */
                403: {
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
                /** @description Temporarily unavailable */
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
        put?: never;
        /**
         * Disabled: always 503; use POST /deposit
         * @deprecated
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
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
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Validation failed or the operation is not allowed in the current state */
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
                /** @description Missing or invalid credentials */
                401: {
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
                /** @description IP not allowed, scope missing, or account not allowed */
                403: {
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
                /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
                /** @description Unexpected error */
                500: {
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
                /** @description Temporarily unavailable */
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
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's API keys, newest first, revoked ones included (never the keys themselves) */
        get: operations["listApiKeys"];
        put?: never;
        /** Issue an API key with at most the caller's scopes and IP allowlist (absent: the caller's), named `name`; bound to `keyAccountId` (older clients: `accountId`), or tenant-wide without it. It belongs to the caller's user (a key's: that key's user) and is revoked when they are removed. A session with 2FA confirms a key with a money-moving or rights-granting scope with `x-totp-code` */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one of the tenant's API keys at once (revoking twice is a no-op) */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's audit log (sign-ins, people, keys, webhook settings, withdrawals, conversions), newest first */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's balance per currency, from the ledger */
        get: operations["listBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/converting": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One conversion of the account by id */
        get: operations["getConversion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/converting/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Commits a quote on its account: debits fromAmount, credits toAmount, once; 400 when the balance no longer covers it, 404 for an unknown quote. A session with 2FA confirms it with `x-totp-code` */
        post: operations["commitConversion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/converting/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's conversions (auto-converts of withdrawals included), newest first */
        get: operations["listConversions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/converting/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Prices a conversion at the current rates; nothing is stored */
        post: operations["previewConversion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/converting/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Quotes a conversion (amounts fixed for CONVERT_QUOTE_TTL_S, nothing reserved) */
        post: operations["quoteConversion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/currencies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Crypto currencies with networks, decimals, minimums, live fees and commission */
        get: operations["listCurrencies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/currencies/fiat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Fiat currencies invoices can be priced in, with their minimum invoice amounts */
        get: operations["listFiatCurrencies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's customers, newest first */
        get: operations["listCustomers"];
        put?: never;
        /** A customer who subscribes to plans (reference unique in the tenant) */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A customer */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Changes a customer's email or name */
        patch: operations["updateCustomer"];
        trace?: never;
    };
    "/v1/customers/{id}/credit-address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The customer's deposit address for prepaid credit (the same one again on a repeat), with the credit's balance; credit pays renewals it covers */
        post: operations["customerCreditAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}/portal-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A signed link to the customer's portal (their subscriptions and invoices, their email, cancellation), valid SUBSCRIPTION_PORTAL_LINK_TTL_MIN */
        post: operations["customerPortalLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deposit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A deposit by id (wins) or orderId */
        get: operations["getDeposit"];
        put?: never;
        /** A fresh address for an open-amount top-up (idempotent by orderId) */
        post: operations["createDeposit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deposit/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's deposits, newest first */
        get: operations["listDeposits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deposit/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The on-chain payments of a deposit, newest first */
        get: operations["listDepositPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/email-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mail: whether the installation sends any, which kinds this merchant sends, and the latest mails with their status */
        get: operations["getEmailSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Turn kinds of mail on (true) or off (false); kinds not sent stay as they are */
        patch: operations["updateEmailSettings"];
        trace?: never;
    };
    "/v1/export/conversions.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's conversions created in a range (at most 366 days; default the last 30) as CSV */
        get: operations["exportConversionsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/export/deposits.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's deposits created in a range (at most 366 days; default the last 30) as CSV */
        get: operations["exportDepositsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/export/invoices.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's invoices created in a range (at most 366 days; default the last 30) as CSV */
        get: operations["exportInvoicesCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/export/withdrawals.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's withdrawals created in a range (at most 366 days; default the last 30) as CSV */
        get: operations["exportWithdrawalsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An invoice by id (wins) or orderId */
        get: operations["getInvoice"];
        put?: never;
        /** An invoice priced in fiat, paid in crypto on the hosted payment page */
        post: operations["createInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoice/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancels an invoice on which no money has become final (id or orderId, in the body or the query) */
        post: operations["cancelInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoice/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's invoices, newest first */
        get: operations["listInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoice/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The on-chain payments of an invoice, newest first */
        get: operations["listInvoicePayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's payment links with their usage, newest first */
        get: operations["listPaymentLinks"];
        put?: never;
        /** A link to a public page where each payment makes an invoice of the account */
        post: operations["createPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A payment link with its usage */
        get: operations["getPaymentLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Turns a payment link off (its page refuses payments; invoices already made stay payable), or on again */
        patch: operations["updatePaymentLink"];
        trace?: never;
    };
    "/v1/payment-links/{id}/qr.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A QR code of the payment link's URL (SVG), to print or show */
        get: operations["paymentLinkQrCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payout-addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's payout address book, newest first (removed addresses left out) */
        get: operations["listPayoutAddresses"];
        put?: never;
        /** Add a destination to the address book: usable from activeAt, after the policy’s delay (signed-in owner or finance user only) */
        post: operations["addPayoutAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payout-addresses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a destination from the address book, at once */
        delete: operations["removePayoutAddress"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payout-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The payout policy in force and its pending loosenings */
        get: operations["getPayoutPolicy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the payout policy: tightening applies at once, loosening after the delay (listed under pending); owners only, signed in */
        patch: operations["changePayoutPolicy"];
        trace?: never;
    };
    "/v1/payout-policy/pending/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Cancel a pending loosening of the payout policy before it takes effect */
        delete: operations["cancelPayoutPolicyChange"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's plans, newest first */
        get: operations["listPlans"];
        put?: never;
        /** A plan: a fiat price per week, month or year, with an optional trial */
        post: operations["createPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A plan */
        get: operations["getPlan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Renames a plan, or turns it off for new subscriptions (existing ones go on) */
        patch: operations["updatePlan"];
        trace?: never;
    };
    "/v1/request-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's API calls, newest first (a key bound to one account sees that account's); written within about a second. The dashboard's own reads are not logged */
        get: operations["listRequestLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/request-log/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One logged call: who, when, how long, and the start of its request and response bodies (secrets redacted) */
        get: operations["getRequestLogEntry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The merchant's brand on the payment page: name, colour and logo */
        get: operations["getSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the brand: only the fields sent; null removes a value (the name falls back to the tenant name) */
        patch: operations["updateSettings"];
        trace?: never;
    };
    "/v1/stats/volume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's paid invoices and completed deposits per UTC day, with their USD volume; days without any are zeros */
        get: operations["volumeStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's subscriptions, newest first */
        get: operations["listSubscriptions"];
        put?: never;
        /** A customer's subscription to a plan: trialing with a trial, else active with its first invoice issued at once */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A subscription */
        get: operations["getSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Sets or clears cancellation at the end of the current period */
        patch: operations["updateSubscription"];
        trace?: never;
    };
    "/v1/subscriptions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancels a subscription now (its unpaid invoices cancelled), or at the end of the current period */
        post: operations["cancelSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's users, oldest first */
        get: operations["listUsers"];
        put?: never;
        /** Invite a user to the tenant with a role whose every scope the caller holds (tenant-wide callers only); the answer carries the invitation link, once (409 user.emailTaken: already a user of this tenant). A session with 2FA confirms a role that moves money or grants rights with `x-totp-code` */
        post: operations["inviteUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a user of a role whose every scope the caller holds: disabled, their sessions and API keys end at once (409 user.lastOwner). A session with 2FA confirms it with `x-totp-code` */
        delete: operations["removeUser"];
        options?: never;
        head?: never;
        /** Change a user's role, from and to roles whose every scope the caller holds; their API keys the new role does not cover are revoked (409 user.lastOwner: the tenant keeps an active owner). A session with 2FA confirms a role that moves money or grants rights with `x-totp-code` */
        patch: operations["changeUserRole"];
        trace?: never;
    };
    "/v1/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's webhook deliveries, newest first, optionally of one object or status */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One delivery of the tenant with every attempt, oldest first */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivered or failed delivery again now, with a fresh retry window (409 exceptions.webhookDelivery.notFinished while it is pending) */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's default webhook URLs */
        get: operations["getWebhookSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set or clear (null) the default webhook URLs (public, TLD-qualified HTTPS). A session with 2FA confirms it with `x-totp-code` */
        patch: operations["updateWebhookSettings"];
        trace?: never;
    };
    "/v1/webhook-settings/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the webhook signing secret: every delivery from now on is signed with the new one, shown only here. A session with 2FA confirms it with `x-totp-code` */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-settings/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook.test event to the default webhookUrl, signed and logged like every event */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A withdrawal by id (wins) or orderId */
        get: operations["getWithdrawal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawal/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a withdrawal awaiting approval (a signed-in owner or finance user, not its committer); the last approval needed sends it to be paid */
        post: operations["approveWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawal/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A withdrawal batch: its status, its items counted per status, its totals and fees per currency */
        get: operations["getWithdrawalBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawal/batch/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Commits a batch quote: debits the whole total or nothing, and creates one withdrawal per item */
        post: operations["commitWithdrawalBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawal/batch/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's withdrawal batches, newest first */
        get: operations["listWithdrawalBatches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawal/batch/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Quotes up to 1,000 withdrawals at once; a refused item is named by its index and nothing is quoted (400 batchInvalid) */
        post: operations["quoteWithdrawalBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawal/batch/results.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A batch's items and their withdrawals' results as CSV */
        get: operations["withdrawalBatchResultsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawal/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Commits a quote on its account: debits the locked total and creates the withdrawal */
        post: operations["commitWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawal/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's withdrawals, newest first */
        get: operations["listWithdrawals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawal/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Quotes a withdrawal (fee locked for WITHDRAWAL_QUOTE_TTL_S, nothing reserved) */
        post: operations["quoteWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawal/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a withdrawal awaiting approval: cancelled, its funds given back */
        post: operations["rejectWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/x402/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verifies, then broadcasts transferWithAuthorization (a replay returns the original) */
        post: operations["x402Settle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/x402/settlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's settlements, newest first */
        get: operations["x402Settlements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/x402/settlements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One settlement of the tenant */
        get: operations["x402Settlement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/x402/supported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The scheme, network and assets this facilitator settles */
        get: operations["x402Supported"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/x402/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verifies an x402 v2 exact payment without broadcasting */
        post: operations["x402Verify"];
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
export interface operations {
    adminListApiKeys: {
        parameters: {
            query: {
                limit: number;
                page: number;
                tenantId?: string;
            };
            header?: never;
            path?: never;
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
                            accountId: string | null;
                            allowedIps: string[] | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            lastUsedAt: string | null;
                            /** @description The first characters of the key, as the merchant sees them */
                            prefix: string;
                            revokedAt: string | null;
                            scopes: string[];
                            /** Format: uuid */
                            tenantId: string;
                            tenantName: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminListAuditLog: {
        parameters: {
            query: {
                limit: number;
                page: number;
                tenantId?: string;
            };
            header?: never;
            path?: never;
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
                            /** @description What, as a dotted name: session.signedIn, user.invited, withdrawal.committed, … */
                            action: string;
                            /** @description Who: a user's email, `api key cgk_…` or `operator token` */
                            actor: string;
                            /** Format: date-time */
                            createdAt: string;
                            detail: {
                                [key: string]: unknown;
                            };
                            id: string;
                            ip: string | null;
                            targetId: string | null;
                            targetType: string | null;
                            tenantId: string | null;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminListCustomerBlocks: {
        parameters: {
            query: {
                limit: number;
                page: number;
                tenantId?: string;
            };
            header?: never;
            path?: never;
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
                            /** Format: date-time */
                            blockedAt: string;
                            customerId: string;
                            /** Format: uuid */
                            tenantId: string;
                            tenantName: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminUnblockCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customerId: string;
                    /** Format: uuid */
                    tenantId: string;
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
                            blocked: boolean;
                            customerId: string;
                            tenantId: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminHeldPayments: {
        parameters: {
            query: {
                limit: number;
                page: number;
                status?: "held" | "released" | "refunded";
                tenantId?: string;
            };
            header?: never;
            path?: never;
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
                            /** @description Our address it paid */
                            address: string;
                            /**
                             * Format: decimal
                             * @description Amount received, in whole units of the currency. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            confirmations: number;
                            cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                            decidedBy: string | null;
                            /** @description deny or review */
                            decision: string;
                            /** @description The sender screening did not allow */
                            flaggedSender: string;
                            /** Format: date-time */
                            heldAt: string;
                            /** Format: uuid */
                            id: string;
                            network: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
                            outputIndex: number;
                            /** Format: uuid */
                            ownerId: string;
                            /** @description What the address was handed out for */
                            ownerType: "invoice" | "deposit";
                            paymentStatus: "seen" | "confirmed" | "orphaned";
                            reason: string | null;
                            refundAddress: string | null;
                            refundStatus: ("awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled") | null;
                            refundWithdrawalId: string | null;
                            /** @description Who paid it, as the chain names them */
                            senders: string[];
                            /** @description What decided: denylist, provider, or failClosed (the provider did not answer and SCREENING_FAIL is closed) */
                            source: string;
                            status: "held" | "released" | "refunded";
                            /** Format: uuid */
                            tenantId: string;
                            tenantName: string;
                            transactionHash: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminNetworks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                            networks: {
                                error: string | null;
                                fees: {
                                    ageSeconds: number | null;
                                    amount: number | null;
                                    cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                                }[];
                                hotWallet: {
                                    address: string | null;
                                    balances: {
                                        /**
                                         * Format: decimal
                                         * @description Exact decimal (a JSON number with every digit)
                                         */
                                        amount: number;
                                        cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                                    }[];
                                } | null;
                                lag: number | null;
                                mode: "sandbox" | "live";
                                network: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
                                /** @description The node answered within the timeout */
                                nodeReachable: boolean;
                                scanAgeSeconds: number | null;
                                scannedHeight: number | null;
                                tip: number | null;
                                /** @description Payments seen, waiting for their confirmations */
                                unconfirmedPayments: number;
                            }[];
                            x402: {
                                balance: number | null;
                                error: string | null;
                                feePayer: string | null;
                                /** @description CAIP-2 id, e.g. eip155:8453 */
                                network: string;
                                nodeReachable: boolean;
                                /**
                                 * Format: decimal
                                 * @description X402_FEE_PAYER_RESERVE_WEI in ETH: below it settlements are refused. Exact decimal (a JSON number with every digit)
                                 */
                                reserve: number;
                                settlementsLeft: number | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminRates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                            /** @description RATE_MAX_AGE_S: older prices are not quoted with */
                            maxAgeSeconds: number;
                            policy: {
                                /** @description RATES_MAX_DIVERGENCE */
                                maxDivergence: string;
                                /** @description RATES_MAX_JUMP: the furthest one source alone may move a price from its last accepted one */
                                maxJump: string;
                                /** @description RATES_MIN_SOURCES: fresh agreeing sources a price needs */
                                minSources: number;
                                /** @description What this configuration means for the prices quoted, in words (e.g. one provider alone) */
                                notes: string[];
                                /** @description RATES_PROVIDER */
                                providers: string[];
                            };
                            rates: {
                                asset: string;
                                lastAccepted: {
                                    /** Format: date-time */
                                    acceptedAt: string;
                                    usdPrice: string;
                                } | null;
                                reason: string | null;
                                sources: {
                                    /** @description Since it was fetched */
                                    ageSeconds: number;
                                    price: string;
                                    source: string;
                                }[];
                                status: "ok" | "stale" | "refused";
                                usdPrice: string | null;
                            }[];
                            sources: {
                                /** @description Since the source last stored a price */
                                ageSeconds: number;
                                source: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminListTenants: {
        parameters: {
            query: {
                limit: number;
                page: number;
                search?: string;
            };
            header?: never;
            path?: never;
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
                            /** @description Its accounts */
                            accounts: number;
                            /** @description Its API keys not revoked */
                            apiKeys: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            suspendedAt: string | null;
                            /** @description Its users not disabled (invited or active) */
                            users: number;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminResumeTenant: {
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
                            accountId?: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Override of the system default rate; null uses the default */
                            depositCommission: number | null;
                            /** @description Deposit events' URL when the deposit names none */
                            depositWebhookUrl: string | null;
                            id: string;
                            maxAccounts: number;
                            name: string;
                            suspendedAt: string | null;
                            /** @description Default URL of every event whose object names none (deposits: after depositWebhookUrl) */
                            webhookUrl: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminSuspendTenant: {
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
                            accountId?: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Override of the system default rate; null uses the default */
                            depositCommission: number | null;
                            /** @description Deposit events' URL when the deposit names none */
                            depositWebhookUrl: string | null;
                            id: string;
                            maxAccounts: number;
                            name: string;
                            suspendedAt: string | null;
                            /** @description Default URL of every event whose object names none (deposits: after depositWebhookUrl) */
                            webhookUrl: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminIssuePasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                tenantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** IssuedPasswordReset */
                        data: {
                            email: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** @description The link to hand to the user: it works once, until expiresAt; shown only in this answer */
                            resetUrl: string;
                            /** Format: uuid */
                            userId: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminUnlistedTokens: {
        parameters: {
            query: {
                limit: number;
                page: number;
                status?: "held" | "moving" | "moved" | "dismissed";
                tenantId?: string;
            };
            header?: never;
            path?: never;
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
                            /** @description Our address it reached */
                            address: string;
                            /** @description Atomic units of the token (its decimals are not known to the gateway) */
                            amount: string;
                            blockHeight: number | null;
                            /** @description The token contract (outside the catalogue) */
                            contract: string;
                            /** @description The address's key, under the network's account key: to move it by hand */
                            derivationPath: string;
                            /** Format: date-time */
                            firstSeenAt: string;
                            /** Format: uuid */
                            id: string;
                            moveTo: string | null;
                            moveTransactionHash: string | null;
                            network: string;
                            note: string | null;
                            outputIndex: number;
                            /** Format: uuid */
                            ownerId: string;
                            /** @description invoice or deposit: what the address was handed out for */
                            ownerType: string;
                            status: "held" | "moving" | "moved" | "dismissed";
                            /** Format: uuid */
                            tenantId: string;
                            tenantName: string;
                            transactionHash: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminListUsers: {
        parameters: {
            query: {
                limit: number;
                page: number;
                role?: "owner" | "finance" | "developer" | "viewer" | "operator" | "operatorOperations" | "operatorSupport" | "operatorAuditor";
                search?: string;
                tenantId?: string;
            };
            header?: never;
            path?: never;
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
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            lastSignInAt: string | null;
                            role: "owner" | "finance" | "developer" | "viewer" | "operator" | "operatorOperations" | "operatorSupport" | "operatorAuditor";
                            status: "invited" | "active" | "disabled";
                            tenantId: string | null;
                            tenantName: string | null;
                            totpEnabled: boolean;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminInviteUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    role: "owner" | "finance" | "developer" | "viewer" | "operator" | "operatorOperations" | "operatorSupport" | "operatorAuditor";
                    /** Format: uuid */
                    tenantId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            email: string;
                            /** Format: uuid */
                            id: string;
                            /** @description Valid 7 days, once; the token is in the fragment, so it never reaches a server log */
                            inviteUrl: string;
                            role: "owner" | "finance" | "developer" | "viewer" | "operator" | "operatorOperations" | "operatorSupport" | "operatorAuditor";
                            tenantId: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminDisableUser: {
        parameters: {
            query?: {
                /** @description Hand the user's API keys to this user of the same tenant instead of revoking them */
                keysTo?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminListWebhookDeliveries: {
        parameters: {
            query: {
                limit: number;
                page: number;
                status?: "pending" | "delivered" | "failed";
                tenantId?: string;
            };
            header?: never;
            path?: never;
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
                            attempts: number;
                            createdAt: string;
                            deliveredAt: string | null;
                            event: string;
                            failedAt: string | null;
                            /** @description Also the x-webhook-id header of every attempt */
                            id: string;
                            lastError: string | null;
                            lastStatusCode: number | null;
                            nextAttemptAt: string | null;
                            /** @description aggregate type:id, e.g. deposit:<uuid> */
                            object: string;
                            status: "pending" | "delivered" | "failed";
                            tenantId: string;
                            url: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminWebhookHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                            /** @description Deliveries given up in the last 24 hours */
                            failedLastDay: number;
                            /** @description Endpoints with deliveries given up in 24 h or retrying after a failed attempt, worst first, at most 50 */
                            failingEndpoints: {
                                /** @description Given up in the last 24 hours */
                                failed: number;
                                lastAttemptAt: string | null;
                                lastError: string | null;
                                lastStatusCode: number | null;
                                pending: number;
                                /** Format: uuid */
                                tenantId: string;
                                tenantName: string;
                                url: string;
                            }[];
                            /** @description Age of the oldest of them (0: none) */
                            oldestPendingAgeSeconds: number;
                            /** @description Deliveries not yet delivered or given up */
                            pending: number;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    adminWithdrawalQueue: {
        parameters: {
            query: {
                limit: number;
                page: number;
                /** @description waiting: created, not yet signed (each says why: waitingReason); awaitingApproval: held for approval (each says whose: approval); absent: waiting, processing and failed */
                status?: "waiting" | "processing" | "failed" | "awaitingApproval";
                tenantId?: string;
            };
            header?: never;
            path?: never;
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
                            /** Format: uuid */
                            accountId: string;
                            address: string;
                            /** @description Since it was committed */
                            ageSeconds: number;
                            /**
                             * Format: decimal
                             * @description What reaches the destination. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            approval?: {
                                approvals: {
                                    /** Format: date-time */
                                    at: string;
                                    by: string;
                                    level: "tenant" | "operator";
                                }[];
                                committedBy: string | null;
                                expiresAt: string | null;
                                /** @description Whose approval it needs: the tenant’s second person, an operator */
                                levels: ("tenant" | "operator")[];
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            cryptoCurrencyCode: string;
                            /**
                             * Format: decimal
                             * @description The fee the merchant pays, in the withdrawal currency. Exact decimal (a JSON number with every digit)
                             */
                            fee: number;
                            /** Format: uuid */
                            id: string;
                            network: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
                            reason: string | null;
                            status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                            /** Format: uuid */
                            tenantId: string;
                            tenantName: string;
                            txHash: string | null;
                            waiting: {
                                /** @description What the operator does about it, in plain words (hotWalletLow: which hot wallet to fund, with what and how much) */
                                action: string;
                                /** @description hotWalletLow: the currency the hot wallet lacks */
                                cryptoCurrencyCode?: string;
                                /** @description feeUnavailable, signingFailed: the node's or the adapter's words; screening: who flagged it and why */
                                message?: string;
                                /**
                                 * Format: decimal
                                 * @description hotWalletLow: how much of cryptoCurrencyCode it lacks. Exact decimal (a JSON number with every digit)
                                 */
                                missing?: number;
                                /** @description Why it is not signed yet (status created), as the last execution round found it: hotWalletLow: the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin); feeUnavailable: no network fee could be had to sign it with (no fee quote, or a node that will not price it); noSigner: no worker holding the network's hot-wallet key has run lately; signingFailed: the last attempt to sign it failed at the node; screening: screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled */
                                reason: "hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening";
                                /** Format: date-time */
                                since: string;
                            } | null;
                            waitingReason: ("hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening") | null;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    inviteInfo: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
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
                            email: string;
                            role: "owner" | "finance" | "developer" | "viewer" | "operator" | "operatorOperations" | "operatorSupport" | "operatorAuditor";
                            tenantName: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    acceptInvite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    confirmPassword: string;
                    password: string;
                    token: string;
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
                        /** Me */
                        data: {
                            accounts: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            }[];
                            /** @description Send it as `x-csrf-token` on every request that changes something */
                            csrfToken: string;
                            mode: "sandbox" | "live";
                            /** @description The scopes of the user's role (`*`: all) */
                            scopes: string[];
                            tenant: {
                                brandName: string | null;
                                /** Format: uuid */
                                id: string;
                                name: string;
                            } | null;
                            user: {
                                email: string;
                                /** Format: uuid */
                                id: string;
                                /** @description Recovery codes not used yet (0 without two-factor authentication) */
                                recoveryCodesLeft: number;
                                role: "owner" | "finance" | "developer" | "viewer" | "operator" | "operatorOperations" | "operatorSupport" | "operatorAuditor";
                                tenantId: string | null;
                                totpEnabled: boolean;
                            };
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    /** @description One of the recovery codes shown when two-factor authentication was switched on; each works once */
                    recoveryCode?: string;
                    /** @description The 6-digit code of the authenticator app */
                    totpCode?: string;
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
                        /** Me */
                        data: {
                            accounts: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            }[];
                            /** @description Send it as `x-csrf-token` on every request that changes something */
                            csrfToken: string;
                            mode: "sandbox" | "live";
                            /** @description The scopes of the user's role (`*`: all) */
                            scopes: string[];
                            tenant: {
                                brandName: string | null;
                                /** Format: uuid */
                                id: string;
                                name: string;
                            } | null;
                            user: {
                                email: string;
                                /** Format: uuid */
                                id: string;
                                /** @description Recovery codes not used yet (0 without two-factor authentication) */
                                recoveryCodesLeft: number;
                                role: "owner" | "finance" | "developer" | "viewer" | "operator" | "operatorOperations" | "operatorSupport" | "operatorAuditor";
                                tenantId: string | null;
                                totpEnabled: boolean;
                            };
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    logoutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                        /** Me */
                        data: {
                            accounts: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            }[];
                            /** @description Send it as `x-csrf-token` on every request that changes something */
                            csrfToken: string;
                            mode: "sandbox" | "live";
                            /** @description The scopes of the user's role (`*`: all) */
                            scopes: string[];
                            tenant: {
                                brandName: string | null;
                                /** Format: uuid */
                                id: string;
                                name: string;
                            } | null;
                            user: {
                                email: string;
                                /** Format: uuid */
                                id: string;
                                /** @description Recovery codes not used yet (0 without two-factor authentication) */
                                recoveryCodesLeft: number;
                                role: "owner" | "finance" | "developer" | "viewer" | "operator" | "operatorOperations" | "operatorSupport" | "operatorAuditor";
                                tenantId: string | null;
                                totpEnabled: boolean;
                            };
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    passwordResetInfo: {
        parameters: {
            query: {
                /** @description The token of the link (its fragment after '#') */
                token: string;
            };
            header?: never;
            path?: never;
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
                            email: string;
                            tenantName: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    confirmPassword: string;
                    password: string;
                    /** @description The token of the link (its fragment after '#') */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    renewRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                            /** @description Ten single-use codes that sign in instead of the authenticator; shown only in this answer, keep them safe */
                            recoveryCodes: string[];
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    disableTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The 6-digit code of the authenticator app, or a recovery code (spent) */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    enableTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The 6-digit code of the authenticator app */
                    code: string;
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
                            /** @description Ten single-use codes that sign in instead of the authenticator; shown only in this answer, keep them safe */
                            recoveryCodes: string[];
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    setupTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                            otpauthUrl: string;
                            /** @description PNG data URL */
                            qrCode: string;
                            secret: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listMerchantAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    createMerchantAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                            accountId: string | null;
                            allowedIps: string[] | null;
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            /** @description The first characters of the key, to recognise it */
                            keyStart: string;
                            name: string | null;
                            revokedAt: string | null;
                            scopes: string[];
                            userEmail: string | null;
                            userId: string | null;
                        }[];
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @deprecated
                     * @description The key's account, as clients written before keyAccountId name it; read only when keyAccountId is absent. With keyAccountId it is only the account the request acts on, checked as on every request
                     */
                    accountId?: string;
                    allowedIps?: string[] | null;
                    keyAccountId?: string | null;
                    /** @description What the key is for, as the keys list shows it */
                    name?: string;
                    scopes: ("*" | "currencies.list" | "invoices.create" | "invoices.list" | "invoices.cancel" | "deposits.create" | "deposits.list" | "withdrawals.create" | "withdrawals.list" | "x402.verify" | "x402.settle" | "x402.list" | "addressProvision.list" | "addressProvision.create" | "accounts.list" | "accounts.create" | "balances.list" | "converting.create" | "converting.list" | "apiKeys.list" | "apiKeys.manage" | "webhooks.list" | "webhooks.manage" | "requestLog.list" | "users.list" | "users.manage" | "settings.manage" | "audit.list" | "payouts.list" | "payouts.manage" | "payoutPolicy.manage")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** IssuedApiKey */
                        data: {
                            accountId: string | null;
                            allowedIps: string[] | null;
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            /** @description Shown only in this response; stored only as a hash */
                            key: string;
                            /** @description The first characters of the key, to recognise it */
                            keyStart: string;
                            name: string | null;
                            revokedAt: string | null;
                            scopes: string[];
                            userEmail: string | null;
                            userId: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    revokeApiKey: {
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
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listAuditLog: {
        parameters: {
            query: {
                limit: number;
                page: number;
            };
            header?: never;
            path?: never;
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
                            /** @description What, as a dotted name: session.signedIn, user.invited, withdrawal.committed, … */
                            action: string;
                            /** @description Who: a user's email, `api key cgk_…` or `operator token` */
                            actor: string;
                            /** Format: date-time */
                            createdAt: string;
                            detail: {
                                [key: string]: unknown;
                            };
                            id: string;
                            ip: string | null;
                            targetId: string | null;
                            targetType: string | null;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listBalances: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
            };
            header?: never;
            path?: never;
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
                            /**
                             * Format: decimal
                             * @description Available balance in the currency. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /** @description The balance in USD at the current rate (2 decimals, rounded down); null while no fresh rate exists */
                            amountUsd: number | null;
                            cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                        }[];
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getConversion: {
        parameters: {
            query: {
                accountId?: string;
                id: string;
            };
            header?: never;
            path?: never;
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
                            /**
                             * Format: decimal
                             * @description The part of fromAmount the house keeps (CONVERT_COMMISSION_USD at the source price); the rest converts at the rate. Exact decimal (a JSON number with every digit)
                             */
                            commission: number;
                            /** Format: date-time */
                            completedAt: string;
                            /**
                             * Format: decimal
                             * @description Everything debited from the source balance; the commission is inside it. Exact decimal (a JSON number with every digit)
                             */
                            fromAmount: number;
                            fromCryptoCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            quoteId: string | null;
                            /**
                             * Format: decimal
                             * @description Everything credited to the target balance. Exact decimal (a JSON number with every digit)
                             */
                            toAmount: number;
                            toCryptoCurrencyCode: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    commitConversion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description Optional: the request acts on the account of the object it names (a commit: its quote's); if given, it must be that account
                     */
                    accountId?: string;
                    /** Format: uuid */
                    quoteId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: decimal
                             * @description The part of fromAmount the house keeps (CONVERT_COMMISSION_USD at the source price); the rest converts at the rate. Exact decimal (a JSON number with every digit)
                             */
                            commission: number;
                            /** Format: date-time */
                            completedAt: string;
                            /**
                             * Format: decimal
                             * @description Everything debited from the source balance; the commission is inside it. Exact decimal (a JSON number with every digit)
                             */
                            fromAmount: number;
                            fromCryptoCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            quoteId: string | null;
                            /**
                             * Format: decimal
                             * @description Everything credited to the target balance. Exact decimal (a JSON number with every digit)
                             */
                            toAmount: number;
                            toCryptoCurrencyCode: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
            /** @description Temporarily unavailable */
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
    listConversions: {
        parameters: {
            query: {
                accountId?: string;
                /** @description Created at or after this day or instant */
                from?: string;
                limit: number;
                page: number;
                /** @description Exact id, orderId, address or transaction hash (hex in any letter case) */
                search?: string;
                /** @description Created at or before this day (inclusive) or instant */
                to?: string;
            };
            header?: never;
            path?: never;
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
                            /**
                             * Format: decimal
                             * @description The part of fromAmount the house keeps (CONVERT_COMMISSION_USD at the source price); the rest converts at the rate. Exact decimal (a JSON number with every digit)
                             */
                            commission: number;
                            /** Format: date-time */
                            completedAt: string;
                            /**
                             * Format: decimal
                             * @description Everything debited from the source balance; the commission is inside it. Exact decimal (a JSON number with every digit)
                             */
                            fromAmount: number;
                            fromCryptoCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            quoteId: string | null;
                            /**
                             * Format: decimal
                             * @description Everything credited to the target balance. Exact decimal (a JSON number with every digit)
                             */
                            toAmount: number;
                            toCryptoCurrencyCode: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    previewConversion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    accountId?: string;
                    /**
                     * Format: decimal
                     * @description What leaves the source balance, commission included (give this or toAmount); more decimals than the currency has is refused. Exact decimal (a JSON number with every digit)
                     */
                    fromAmount?: number;
                    /** @description A crypto currency code of GET /currencies */
                    fromCryptoCurrencyCode: string;
                    /**
                     * Format: decimal
                     * @description What arrives on the target balance (give this or fromAmount); more decimals than the currency has is refused. Exact decimal (a JSON number with every digit)
                     */
                    toAmount?: number;
                    /** @description A crypto currency code of GET /currencies */
                    toCryptoCurrencyCode: string;
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
                            /**
                             * Format: decimal
                             * @description The part of fromAmount the house keeps (CONVERT_COMMISSION_USD at the source price); the rest converts at the rate. Exact decimal (a JSON number with every digit)
                             */
                            commission: number;
                            /**
                             * Format: decimal
                             * @description Everything debited from the source balance; the commission is inside it. Exact decimal (a JSON number with every digit)
                             */
                            fromAmount: number;
                            fromCryptoCurrencyCode: string;
                            /**
                             * Format: decimal
                             * @description Everything credited to the target balance. Exact decimal (a JSON number with every digit)
                             */
                            toAmount: number;
                            toCryptoCurrencyCode: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
            /** @description Temporarily unavailable */
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
    quoteConversion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    accountId?: string;
                    /**
                     * Format: decimal
                     * @description What leaves the source balance, commission included (give this or toAmount); more decimals than the currency has is refused. Exact decimal (a JSON number with every digit)
                     */
                    fromAmount?: number;
                    /** @description A crypto currency code of GET /currencies */
                    fromCryptoCurrencyCode: string;
                    /**
                     * Format: decimal
                     * @description What arrives on the target balance (give this or fromAmount); more decimals than the currency has is refused. Exact decimal (a JSON number with every digit)
                     */
                    toAmount?: number;
                    /** @description A crypto currency code of GET /currencies */
                    toCryptoCurrencyCode: string;
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
                            /**
                             * Format: decimal
                             * @description The part of fromAmount the house keeps (CONVERT_COMMISSION_USD at the source price); the rest converts at the rate. Exact decimal (a JSON number with every digit)
                             */
                            commission: number;
                            /** Format: date-time */
                            expiresAt: string;
                            /**
                             * Format: decimal
                             * @description Everything debited from the source balance; the commission is inside it. Exact decimal (a JSON number with every digit)
                             */
                            fromAmount: number;
                            fromCryptoCurrencyCode: string;
                            /** Format: uuid */
                            quoteId: string;
                            /**
                             * Format: decimal
                             * @description Everything credited to the target balance. Exact decimal (a JSON number with every digit)
                             */
                            toAmount: number;
                            toCryptoCurrencyCode: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
            /** @description Temporarily unavailable */
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
    listCurrencies: {
        parameters: {
            query?: {
                network?: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
            };
            header?: never;
            path?: never;
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
                            addressMask: string | null;
                            code: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                            contractAddress: string | null;
                            decimalPlaces: number;
                            /**
                             * Format: decimal
                             * @description The calling tenant's rate (its override, else the default). Exact decimal (a JSON number with every digit)
                             */
                            depositCommission: number;
                            depositNetworkFee: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /** Format: date-time */
                                quotedAt: string;
                            } | null;
                            imageUrl: string | null;
                            /**
                             * Format: decimal
                             * @description Smallest credited deposit: base minimum plus the live network fee. Exact decimal (a JSON number with every digit)
                             */
                            minDepositAmount: number;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            minWithdrawalAmount: number;
                            name: string;
                            network: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
                            networkIconUrl?: string | null;
                            tokenType?: "erc20" | "trc20" | "bep20";
                        }[];
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listFiatCurrencies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                            code: string;
                            decimalPlaces: number;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            minInvoiceAmount: number;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listCustomers: {
        parameters: {
            query: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                limit: number;
                page: number;
                reference?: string;
            };
            header?: never;
            path?: never;
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
                            /** Format: uuid */
                            accountId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: uuid
                             * @description The deposit whose address tops up prepaid credit
                             */
                            creditDepositId?: string;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            name?: string;
                            reference?: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    createCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    /** Format: email */
                    email: string;
                    name?: string;
                    /** @description The merchant's own key of the customer, unique in the tenant */
                    reference?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            accountId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: uuid
                             * @description The deposit whose address tops up prepaid credit
                             */
                            creditDepositId?: string;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            name?: string;
                            reference?: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getCustomer: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
            };
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
                            /** Format: uuid */
                            accountId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: uuid
                             * @description The deposit whose address tops up prepaid credit
                             */
                            creditDepositId?: string;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            name?: string;
                            reference?: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    updateCustomer: {
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
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    /** Format: email */
                    email?: string;
                    name?: string;
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
                            /** Format: uuid */
                            accountId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: uuid
                             * @description The deposit whose address tops up prepaid credit
                             */
                            creditDepositId?: string;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            name?: string;
                            reference?: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    customerCreditAddress: {
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
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    cryptoCurrencyCode: string;
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
                            address: string;
                            /**
                             * Format: decimal
                             * @description The customer's prepaid credit. Exact decimal (a JSON number with every digit)
                             */
                            balance: number;
                            cryptoCurrencyCode: string;
                            /** Format: uuid */
                            depositId: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
            /** @description Temporarily unavailable */
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
    customerPortalLink: {
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
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    /** @description true: mail it to the customer too */
                    send?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            expiresAt: string;
                            /** @description Whether the link was mailed to the customer */
                            mailed: boolean;
                            url: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getDeposit: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                id?: string;
                orderId?: string;
            };
            header?: never;
            path?: never;
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
                            /** Format: uuid */
                            accountId: string;
                            address?: string;
                            /**
                             * Format: decimal
                             * @description What live refunds (not failed or cancelled) in its own currency give back; 0 when none. Exact decimal (a JSON number with every digit)
                             */
                            amountRefunded?: number;
                            createdAt: string;
                            cryptoCurrencyCode: string;
                            customerId?: string;
                            expiresAt: string;
                            id: string;
                            orderId?: string;
                            /** @description Its refund withdrawals, newest last */
                            refunds?: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /** @description Its own currency, or another asset that reached the address */
                                cryptoCurrencyCode?: string;
                                /** Format: uuid */
                                id: string;
                                status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                                transactionHash: string | null;
                            }[];
                            settlement?: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountPaid: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountPaidUsd: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmountUsd: number;
                                completedAt: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                netAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                netAmountUsd: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmountUsd: number;
                                networkFeeCurrencyCode: string;
                                txHash?: string;
                            };
                            status: "created" | "processing" | "completed" | "suspended" | "failed" | "expired" | "cancelled";
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    createDeposit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                    customerId?: string;
                    orderId: string;
                    webhookUrl?: string;
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
                            address: string;
                            /**
                             * Format: date-time
                             * @description Start of the address window
                             */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: decimal
                             * @description Smallest amount credited. Exact decimal (a JSON number with every digit)
                             */
                            minimumAmount: number;
                            /** @description PNG data URL of the payment URI */
                            qrCode: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            address: string;
                            /**
                             * Format: date-time
                             * @description Start of the address window
                             */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: decimal
                             * @description Smallest amount credited. Exact decimal (a JSON number with every digit)
                             */
                            minimumAmount: number;
                            /** @description PNG data URL of the payment URI */
                            qrCode: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
            /** @description Temporarily unavailable */
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
    listDeposits: {
        parameters: {
            query: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                /** @description Created at or after this day or instant */
                from?: string;
                limit: number;
                page: number;
                /** @description Exact id, orderId, address or transaction hash (hex in any letter case) */
                search?: string;
                status?: "created" | "processing" | "completed" | "suspended" | "failed" | "expired" | "cancelled";
                /** @description Created at or before this day (inclusive) or instant */
                to?: string;
            };
            header?: never;
            path?: never;
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
                            /** Format: uuid */
                            accountId: string;
                            address?: string;
                            /**
                             * Format: decimal
                             * @description What live refunds (not failed or cancelled) in its own currency give back; 0 when none. Exact decimal (a JSON number with every digit)
                             */
                            amountRefunded?: number;
                            createdAt: string;
                            cryptoCurrencyCode: string;
                            customerId?: string;
                            expiresAt: string;
                            id: string;
                            orderId?: string;
                            /** @description Its refund withdrawals, newest last */
                            refunds?: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /** @description Its own currency, or another asset that reached the address */
                                cryptoCurrencyCode?: string;
                                /** Format: uuid */
                                id: string;
                                status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                                transactionHash: string | null;
                            }[];
                            settlement?: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountPaid: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountPaidUsd: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmountUsd: number;
                                completedAt: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                netAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                netAmountUsd: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmountUsd: number;
                                networkFeeCurrencyCode: string;
                                txHash?: string;
                            };
                            status: "created" | "processing" | "completed" | "suspended" | "failed" | "expired" | "cancelled";
                            updatedAt: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listDepositPayments: {
        parameters: {
            query: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                id: string;
            };
            header?: never;
            path?: never;
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
                            /** @description Our address it paid */
                            address: string;
                            /**
                             * Format: decimal
                             * @description Amount received, in whole units of the currency. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            blockHeight: number | null;
                            /** @description Blocks on top of (and including) its block when the watcher last looked; 0 in the mempool */
                            confirmations: number;
                            /** @description Confirmations at which the payment becomes final on this network */
                            confirmationsRequired: number;
                            confirmedAt: string | null;
                            /** @description Whether it counts toward the invoice or deposit: false for another asset than its currency, which is credited to the balance in its own currency instead */
                            counted: boolean;
                            cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                            /** Format: date-time */
                            firstSeenAt: string;
                            network: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
                            /** @description Held by incoming screening (a sender was flagged): recorded, not credited, until the operator releases or refunds it */
                            onHold: boolean;
                            /** @description Output (Bitcoin) or log index (tokens) within the transaction */
                            outputIndex: number;
                            settlement: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Held for a refund: below that currency's minimum deposit. Exact decimal (a JSON number with every digit)
                                 */
                                heldAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Credited to the account, in the payment's currency. Exact decimal (a JSON number with every digit)
                                 */
                                netAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Network fee withheld, in the payment's currency. Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmount: number;
                            } | null;
                            status: "seen" | "confirmed" | "orphaned";
                            /** @description Transaction hash, as the network spells it */
                            txHash: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getEmailSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                        /** EmailSettings */
                        data: {
                            from: string | null;
                            kinds: {
                                /** @description A withdrawal waits for approval (owners and finance but its committer) */
                                approvalWaiting: boolean;
                                /** @description To the customer when an invoice expired unpaid */
                                invoiceExpired: boolean;
                                /** @description Receipt to the customer when an invoice is paid */
                                invoicePaid: boolean;
                                /** @description To the customer when less than due arrived, with what is left */
                                invoiceUnderpaid: boolean;
                                /** @description Sign-in from a new device or address (the user) */
                                newSignIn: boolean;
                                /** @description A payout address was added (owners and finance) */
                                payoutAddressAdded: boolean;
                                /** @description Payout completed (owners and finance) */
                                payoutCompleted: boolean;
                                /** @description Payout failed (owners and finance) */
                                payoutFailed: boolean;
                                /** @description A link to the customer portal, when you send one */
                                portalLink: boolean;
                                /** @description Password or two-factor authentication changed (the user) */
                                securityChanged: boolean;
                                /** @description To a subscriber when their next period's invoice is issued */
                                subscriptionInvoice: boolean;
                                /** @description Payment reminders to a subscriber whose period is unpaid past its grace */
                                subscriptionReminder: boolean;
                                /** @description A webhook endpoint has been failing for an hour (owners and developers) */
                                webhookFailing: boolean;
                            };
                            /** @description The latest 20 mails, newest first */
                            recent: {
                                /** @description Attempts so far; a failed attempt is retried with growing pauses for a day */
                                attempts: number;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                kind: string;
                                lastError: string | null;
                                recipient: string;
                                sentAt: string | null;
                                status: "pending" | "sent" | "failed";
                                subject: string;
                            }[];
                            /** @description Whether this installation sends mail at all (its operator set SMTP_URL); false: no mail of any kind is sent */
                            sending: boolean;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    updateEmailSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    kinds: {
                        /** @description A withdrawal waits for approval (owners and finance but its committer) */
                        approvalWaiting?: boolean;
                        /** @description To the customer when an invoice expired unpaid */
                        invoiceExpired?: boolean;
                        /** @description Receipt to the customer when an invoice is paid */
                        invoicePaid?: boolean;
                        /** @description To the customer when less than due arrived, with what is left */
                        invoiceUnderpaid?: boolean;
                        /** @description Sign-in from a new device or address (the user) */
                        newSignIn?: boolean;
                        /** @description A payout address was added (owners and finance) */
                        payoutAddressAdded?: boolean;
                        /** @description Payout completed (owners and finance) */
                        payoutCompleted?: boolean;
                        /** @description Payout failed (owners and finance) */
                        payoutFailed?: boolean;
                        /** @description A link to the customer portal, when you send one */
                        portalLink?: boolean;
                        /** @description Password or two-factor authentication changed (the user) */
                        securityChanged?: boolean;
                        /** @description To a subscriber when their next period's invoice is issued */
                        subscriptionInvoice?: boolean;
                        /** @description Payment reminders to a subscriber whose period is unpaid past its grace */
                        subscriptionReminder?: boolean;
                        /** @description A webhook endpoint has been failing for an hour (owners and developers) */
                        webhookFailing?: boolean;
                    };
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
                        /** EmailSettings */
                        data: {
                            from: string | null;
                            kinds: {
                                /** @description A withdrawal waits for approval (owners and finance but its committer) */
                                approvalWaiting: boolean;
                                /** @description To the customer when an invoice expired unpaid */
                                invoiceExpired: boolean;
                                /** @description Receipt to the customer when an invoice is paid */
                                invoicePaid: boolean;
                                /** @description To the customer when less than due arrived, with what is left */
                                invoiceUnderpaid: boolean;
                                /** @description Sign-in from a new device or address (the user) */
                                newSignIn: boolean;
                                /** @description A payout address was added (owners and finance) */
                                payoutAddressAdded: boolean;
                                /** @description Payout completed (owners and finance) */
                                payoutCompleted: boolean;
                                /** @description Payout failed (owners and finance) */
                                payoutFailed: boolean;
                                /** @description A link to the customer portal, when you send one */
                                portalLink: boolean;
                                /** @description Password or two-factor authentication changed (the user) */
                                securityChanged: boolean;
                                /** @description To a subscriber when their next period's invoice is issued */
                                subscriptionInvoice: boolean;
                                /** @description Payment reminders to a subscriber whose period is unpaid past its grace */
                                subscriptionReminder: boolean;
                                /** @description A webhook endpoint has been failing for an hour (owners and developers) */
                                webhookFailing: boolean;
                            };
                            /** @description The latest 20 mails, newest first */
                            recent: {
                                /** @description Attempts so far; a failed attempt is retried with growing pauses for a day */
                                attempts: number;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                kind: string;
                                lastError: string | null;
                                recipient: string;
                                sentAt: string | null;
                                status: "pending" | "sent" | "failed";
                                subject: string;
                            }[];
                            /** @description Whether this installation sends mail at all (its operator set SMTP_URL); false: no mail of any kind is sent */
                            sending: boolean;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    exportConversionsCsv: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                /** @description Created at or after this day or instant */
                from?: string;
                /** @description Created at or before this day (inclusive) or instant */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180, UTF-8, CRLF) with a header row, oldest first; amounts are exact decimal strings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    exportDepositsCsv: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                /** @description Created at or after this day or instant */
                from?: string;
                /** @description Created at or before this day (inclusive) or instant */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180, UTF-8, CRLF) with a header row, oldest first; amounts are exact decimal strings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    exportInvoicesCsv: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                /** @description Created at or after this day or instant */
                from?: string;
                /** @description Created at or before this day (inclusive) or instant */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180, UTF-8, CRLF) with a header row, oldest first; amounts are exact decimal strings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    exportWithdrawalsCsv: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                /** @description Created at or after this day or instant */
                from?: string;
                /** @description Created at or before this day (inclusive) or instant */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180, UTF-8, CRLF) with a header row, oldest first; amounts are exact decimal strings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getInvoice: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                id?: string;
                orderId?: string;
            };
            header?: never;
            path?: never;
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
                            /** Format: uuid */
                            accountId: string;
                            address?: string;
                            /**
                             * Format: decimal
                             * @description Fiat total. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /**
                             * Format: decimal
                             * @description What live refunds (not failed or cancelled) in its own currency give back; 0 when none. Exact decimal (a JSON number with every digit)
                             */
                            amountRefunded?: number;
                            createdAt: string;
                            /**
                             * Format: decimal
                             * @description Fiat converted at the locked rate, plus the network fee. Exact decimal (a JSON number with every digit)
                             */
                            cryptoAmountExpected?: number;
                            /**
                             * Format: decimal
                             * @description Confirmed payments so far. Exact decimal (a JSON number with every digit)
                             */
                            cryptoAmountReceived?: number;
                            cryptoCurrencyCode?: string;
                            /** @description Where the customer is mailed about the invoice */
                            customerEmail?: string;
                            customerId?: string;
                            customPayload?: string;
                            description?: string;
                            expiresAt: string;
                            failedUrl?: string;
                            fiatCurrencyCode: string;
                            id: string;
                            items: {
                                /**
                                 * Format: decimal
                                 * @description Cost of one, in the fiat currency. Exact decimal (a JSON number with every digit)
                                 */
                                cost: number;
                                name: string;
                                /**
                                 * Format: decimal
                                 * @description Quantity. Exact decimal (a JSON number with every digit)
                                 */
                                quantity: number;
                            }[];
                            /** @description Set when money arrived after the invoice expired or was cancelled (it is still credited) */
                            latePayment?: "after_expiry" | "after_cancellation";
                            number?: string;
                            orderId?: string;
                            paidAt?: string;
                            /**
                             * Format: uuid
                             * @description The payment link the invoice was made through (a gateway extension)
                             */
                            paymentLinkId?: string;
                            paymentPageUrl: string;
                            /** @description Its refund withdrawals, newest last */
                            refunds?: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /** @description Its own currency, or another asset that reached the address */
                                cryptoCurrencyCode?: string;
                                /** Format: uuid */
                                id: string;
                                status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                                transactionHash: string | null;
                            }[];
                            returnUrl?: string;
                            settlement?: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountPaid: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountPaidUsd: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmountUsd: number;
                                completedAt: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                netAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                netAmountUsd: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmountUsd: number;
                                networkFeeCurrencyCode: string;
                                txHash?: string;
                            };
                            source?: string;
                            status: "created" | "processing" | "paid" | "partially_paid" | "overpaid" | "expired" | "cancelled" | "failed" | "suspended";
                            successUrl?: string;
                            txHash?: string;
                            updatedAt?: string;
                            webhookUrl?: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    createInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    /**
                     * Format: decimal
                     * @description Fiat total; when positive it wins over items; more decimals than the currency has is refused. Exact decimal (a JSON number with every digit)
                     */
                    amount?: number;
                    /**
                     * Format: email
                     * @description The customer's address: the gateway mails them a receipt, what is left to pay, or that the invoice expired (when mail is set up and the merchant has not turned the kind off)
                     */
                    customerEmail?: string;
                    customerId?: string;
                    customPayload?: string;
                    description?: string;
                    expiresInMinutes?: number;
                    failedUrl?: string;
                    fiatCurrencyCode: string;
                    items?: {
                        /**
                         * Format: decimal
                         * @description more decimals than the currency has is refused. Exact decimal (a JSON number with every digit)
                         */
                        cost: number;
                        name: string;
                        /**
                         * Format: decimal
                         * @description Exact decimal (a JSON number with every digit)
                         */
                        quantity: number;
                    }[];
                    number?: string;
                    orderId: string;
                    returnUrl?: string;
                    successUrl?: string;
                    webhookUrl?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            accountId: string;
                            address?: string;
                            /**
                             * Format: decimal
                             * @description Fiat total. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /**
                             * Format: decimal
                             * @description What live refunds (not failed or cancelled) in its own currency give back; 0 when none. Exact decimal (a JSON number with every digit)
                             */
                            amountRefunded?: number;
                            createdAt: string;
                            /**
                             * Format: decimal
                             * @description Fiat converted at the locked rate, plus the network fee. Exact decimal (a JSON number with every digit)
                             */
                            cryptoAmountExpected?: number;
                            /**
                             * Format: decimal
                             * @description Confirmed payments so far. Exact decimal (a JSON number with every digit)
                             */
                            cryptoAmountReceived?: number;
                            cryptoCurrencyCode?: string;
                            /** @description Where the customer is mailed about the invoice */
                            customerEmail?: string;
                            customerId?: string;
                            customPayload?: string;
                            description?: string;
                            expiresAt: string;
                            failedUrl?: string;
                            fiatCurrencyCode: string;
                            id: string;
                            items: {
                                /**
                                 * Format: decimal
                                 * @description Cost of one, in the fiat currency. Exact decimal (a JSON number with every digit)
                                 */
                                cost: number;
                                name: string;
                                /**
                                 * Format: decimal
                                 * @description Quantity. Exact decimal (a JSON number with every digit)
                                 */
                                quantity: number;
                            }[];
                            /** @description Set when money arrived after the invoice expired or was cancelled (it is still credited) */
                            latePayment?: "after_expiry" | "after_cancellation";
                            number?: string;
                            orderId?: string;
                            paidAt?: string;
                            /**
                             * Format: uuid
                             * @description The payment link the invoice was made through (a gateway extension)
                             */
                            paymentLinkId?: string;
                            paymentPageUrl: string;
                            /** @description Its refund withdrawals, newest last */
                            refunds?: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /** @description Its own currency, or another asset that reached the address */
                                cryptoCurrencyCode?: string;
                                /** Format: uuid */
                                id: string;
                                status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                                transactionHash: string | null;
                            }[];
                            returnUrl?: string;
                            settlement?: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountPaid: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountPaidUsd: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmountUsd: number;
                                completedAt: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                netAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                netAmountUsd: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmountUsd: number;
                                networkFeeCurrencyCode: string;
                                txHash?: string;
                            };
                            source?: string;
                            status: "created" | "processing" | "paid" | "partially_paid" | "overpaid" | "expired" | "cancelled" | "failed" | "suspended";
                            successUrl?: string;
                            txHash?: string;
                            updatedAt?: string;
                            webhookUrl?: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    cancelInvoice: {
        parameters: {
            query?: {
                id?: string;
                orderId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    /** Format: uuid */
                    id?: string;
                    orderId?: string;
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
                            /** Format: uuid */
                            accountId: string;
                            address?: string;
                            /**
                             * Format: decimal
                             * @description Fiat total. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /**
                             * Format: decimal
                             * @description What live refunds (not failed or cancelled) in its own currency give back; 0 when none. Exact decimal (a JSON number with every digit)
                             */
                            amountRefunded?: number;
                            createdAt: string;
                            /**
                             * Format: decimal
                             * @description Fiat converted at the locked rate, plus the network fee. Exact decimal (a JSON number with every digit)
                             */
                            cryptoAmountExpected?: number;
                            /**
                             * Format: decimal
                             * @description Confirmed payments so far. Exact decimal (a JSON number with every digit)
                             */
                            cryptoAmountReceived?: number;
                            cryptoCurrencyCode?: string;
                            /** @description Where the customer is mailed about the invoice */
                            customerEmail?: string;
                            customerId?: string;
                            customPayload?: string;
                            description?: string;
                            expiresAt: string;
                            failedUrl?: string;
                            fiatCurrencyCode: string;
                            id: string;
                            items: {
                                /**
                                 * Format: decimal
                                 * @description Cost of one, in the fiat currency. Exact decimal (a JSON number with every digit)
                                 */
                                cost: number;
                                name: string;
                                /**
                                 * Format: decimal
                                 * @description Quantity. Exact decimal (a JSON number with every digit)
                                 */
                                quantity: number;
                            }[];
                            /** @description Set when money arrived after the invoice expired or was cancelled (it is still credited) */
                            latePayment?: "after_expiry" | "after_cancellation";
                            number?: string;
                            orderId?: string;
                            paidAt?: string;
                            /**
                             * Format: uuid
                             * @description The payment link the invoice was made through (a gateway extension)
                             */
                            paymentLinkId?: string;
                            paymentPageUrl: string;
                            /** @description Its refund withdrawals, newest last */
                            refunds?: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /** @description Its own currency, or another asset that reached the address */
                                cryptoCurrencyCode?: string;
                                /** Format: uuid */
                                id: string;
                                status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                                transactionHash: string | null;
                            }[];
                            returnUrl?: string;
                            settlement?: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountPaid: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountPaidUsd: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmountUsd: number;
                                completedAt: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                netAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                netAmountUsd: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmountUsd: number;
                                networkFeeCurrencyCode: string;
                                txHash?: string;
                            };
                            source?: string;
                            status: "created" | "processing" | "paid" | "partially_paid" | "overpaid" | "expired" | "cancelled" | "failed" | "suspended";
                            successUrl?: string;
                            txHash?: string;
                            updatedAt?: string;
                            webhookUrl?: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listInvoices: {
        parameters: {
            query: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                /** @description Created at or after this day or instant */
                from?: string;
                limit: number;
                page: number;
                /** @description Only the invoices made through this payment link (a gateway extension) */
                paymentLinkId?: string;
                /** @description Exact id, orderId, address or transaction hash (hex in any letter case) */
                search?: string;
                status?: "created" | "processing" | "paid" | "partially_paid" | "overpaid" | "expired" | "cancelled" | "failed" | "suspended";
                /** @description Created at or before this day (inclusive) or instant */
                to?: string;
            };
            header?: never;
            path?: never;
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
                            /** Format: uuid */
                            accountId: string;
                            address?: string;
                            /**
                             * Format: decimal
                             * @description Fiat total. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /**
                             * Format: decimal
                             * @description What live refunds (not failed or cancelled) in its own currency give back; 0 when none. Exact decimal (a JSON number with every digit)
                             */
                            amountRefunded?: number;
                            createdAt: string;
                            /**
                             * Format: decimal
                             * @description Fiat converted at the locked rate, plus the network fee. Exact decimal (a JSON number with every digit)
                             */
                            cryptoAmountExpected?: number;
                            /**
                             * Format: decimal
                             * @description Confirmed payments so far. Exact decimal (a JSON number with every digit)
                             */
                            cryptoAmountReceived?: number;
                            cryptoCurrencyCode?: string;
                            /** @description Where the customer is mailed about the invoice */
                            customerEmail?: string;
                            customerId?: string;
                            customPayload?: string;
                            description?: string;
                            expiresAt: string;
                            failedUrl?: string;
                            fiatCurrencyCode: string;
                            id: string;
                            items: {
                                /**
                                 * Format: decimal
                                 * @description Cost of one, in the fiat currency. Exact decimal (a JSON number with every digit)
                                 */
                                cost: number;
                                name: string;
                                /**
                                 * Format: decimal
                                 * @description Quantity. Exact decimal (a JSON number with every digit)
                                 */
                                quantity: number;
                            }[];
                            /** @description Set when money arrived after the invoice expired or was cancelled (it is still credited) */
                            latePayment?: "after_expiry" | "after_cancellation";
                            number?: string;
                            orderId?: string;
                            paidAt?: string;
                            /**
                             * Format: uuid
                             * @description The payment link the invoice was made through (a gateway extension)
                             */
                            paymentLinkId?: string;
                            paymentPageUrl: string;
                            /** @description Its refund withdrawals, newest last */
                            refunds?: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /** @description Its own currency, or another asset that reached the address */
                                cryptoCurrencyCode?: string;
                                /** Format: uuid */
                                id: string;
                                status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                                transactionHash: string | null;
                            }[];
                            returnUrl?: string;
                            settlement?: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountPaid: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountPaidUsd: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmountUsd: number;
                                completedAt: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                netAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                netAmountUsd: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmountUsd: number;
                                networkFeeCurrencyCode: string;
                                txHash?: string;
                            };
                            source?: string;
                            status: "created" | "processing" | "paid" | "partially_paid" | "overpaid" | "expired" | "cancelled" | "failed" | "suspended";
                            successUrl?: string;
                            txHash?: string;
                            updatedAt?: string;
                            webhookUrl?: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listInvoicePayments: {
        parameters: {
            query: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                id: string;
            };
            header?: never;
            path?: never;
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
                            /** @description Our address it paid */
                            address: string;
                            /**
                             * Format: decimal
                             * @description Amount received, in whole units of the currency. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            blockHeight: number | null;
                            /** @description Blocks on top of (and including) its block when the watcher last looked; 0 in the mempool */
                            confirmations: number;
                            /** @description Confirmations at which the payment becomes final on this network */
                            confirmationsRequired: number;
                            confirmedAt: string | null;
                            /** @description Whether it counts toward the invoice or deposit: false for another asset than its currency, which is credited to the balance in its own currency instead */
                            counted: boolean;
                            cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                            /** Format: date-time */
                            firstSeenAt: string;
                            network: "Tron" | "Solana" | "Ethereum" | "BNB" | "BTC" | "Base";
                            /** @description Held by incoming screening (a sender was flagged): recorded, not credited, until the operator releases or refunds it */
                            onHold: boolean;
                            /** @description Output (Bitcoin) or log index (tokens) within the transaction */
                            outputIndex: number;
                            settlement: {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commissionAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Held for a refund: below that currency's minimum deposit. Exact decimal (a JSON number with every digit)
                                 */
                                heldAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Credited to the account, in the payment's currency. Exact decimal (a JSON number with every digit)
                                 */
                                netAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Network fee withheld, in the payment's currency. Exact decimal (a JSON number with every digit)
                                 */
                                networkFeeAmount: number;
                            } | null;
                            status: "seen" | "confirmed" | "orphaned";
                            /** @description Transaction hash, as the network spells it */
                            txHash: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listPaymentLinks: {
        parameters: {
            query: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                /** @description Only the links turned on (true) or off (false) */
                active?: boolean;
                limit: number;
                page: number;
            };
            header?: never;
            path?: never;
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
                            /** Format: uuid */
                            accountId: string;
                            active: boolean;
                            /**
                             * Format: decimal
                             * @description The fixed price (of one). Exact decimal (a JSON number with every digit)
                             */
                            amount?: number;
                            /**
                             * Format: decimal
                             * @description The fiat totals of its paid invoices. Exact decimal (a JSON number with every digit)
                             */
                            amountPaid: number;
                            /** @description open: customers can pay; disabled: turned off (active false); expired: past expiresAt; usedUp: maxUses reached */
                            availability: "open" | "disabled" | "expired" | "usedUp";
                            /** Format: date-time */
                            createdAt: string;
                            description?: string;
                            /** Format: date-time */
                            expiresAt?: string;
                            fiatCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            /** @description Every invoice the link made */
                            invoicesMade: number;
                            /** @description Its invoices paid in full */
                            invoicesPaid: number;
                            /** @description `payment`: each payment makes an invoice. `request`: one invoice of a fixed total that takes several payments until it is paid in full */
                            kind: "payment" | "request";
                            /**
                             * Format: decimal
                             * @description Most the customer may enter. Exact decimal (a JSON number with every digit)
                             */
                            maxAmount?: number;
                            maxQuantity?: number;
                            maxUses?: number;
                            /**
                             * Format: decimal
                             * @description Least the customer may enter. Exact decimal (a JSON number with every digit)
                             */
                            minAmount?: number;
                            /**
                             * Format: uuid
                             * @description A request's invoice, once the customer opened it
                             */
                            requestInvoiceId?: string;
                            successUrl?: string;
                            title: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The link's public page, to share with customers */
                            url: string;
                            /** @description Invoices counting against maxUses: made through the link, less those that ended unpaid */
                            uses: number;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    createPaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    /**
                     * Format: decimal
                     * @description A fixed price (of one, with a quantity); absent: the customer enters the amount; more decimals than the currency has is refused. Exact decimal (a JSON number with every digit)
                     */
                    amount?: number;
                    description?: string;
                    /**
                     * Format: date-time
                     * @description After this the link takes no payment
                     */
                    expiresAt?: string;
                    fiatCurrencyCode: string;
                    /** @description `payment`: each payment makes an invoice. `request`: one invoice of a fixed total that takes several payments until it is paid in full */
                    kind?: "payment" | "request";
                    /**
                     * Format: decimal
                     * @description Most the customer may enter; more decimals than the currency has is refused. Exact decimal (a JSON number with every digit)
                     */
                    maxAmount?: number;
                    /** @description With a fixed amount: the customer picks 1 to maxQuantity, and pays amount × quantity */
                    maxQuantity?: number;
                    /** @description How many invoices the link may make; one that ends unpaid gives its use back */
                    maxUses?: number;
                    /**
                     * Format: decimal
                     * @description Least the customer may enter (default: the fiat currency’s minimum invoice amount); more decimals than the currency has is refused. Exact decimal (a JSON number with every digit)
                     */
                    minAmount?: number;
                    /** @description Where the payment page sends the customer once paid */
                    successUrl?: string;
                    /** @description What the customer pays for, the page heading */
                    title: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            accountId: string;
                            active: boolean;
                            /**
                             * Format: decimal
                             * @description The fixed price (of one). Exact decimal (a JSON number with every digit)
                             */
                            amount?: number;
                            /**
                             * Format: decimal
                             * @description The fiat totals of its paid invoices. Exact decimal (a JSON number with every digit)
                             */
                            amountPaid: number;
                            /** @description open: customers can pay; disabled: turned off (active false); expired: past expiresAt; usedUp: maxUses reached */
                            availability: "open" | "disabled" | "expired" | "usedUp";
                            /** Format: date-time */
                            createdAt: string;
                            description?: string;
                            /** Format: date-time */
                            expiresAt?: string;
                            fiatCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            /** @description Every invoice the link made */
                            invoicesMade: number;
                            /** @description Its invoices paid in full */
                            invoicesPaid: number;
                            /** @description `payment`: each payment makes an invoice. `request`: one invoice of a fixed total that takes several payments until it is paid in full */
                            kind: "payment" | "request";
                            /**
                             * Format: decimal
                             * @description Most the customer may enter. Exact decimal (a JSON number with every digit)
                             */
                            maxAmount?: number;
                            maxQuantity?: number;
                            maxUses?: number;
                            /**
                             * Format: decimal
                             * @description Least the customer may enter. Exact decimal (a JSON number with every digit)
                             */
                            minAmount?: number;
                            /**
                             * Format: uuid
                             * @description A request's invoice, once the customer opened it
                             */
                            requestInvoiceId?: string;
                            successUrl?: string;
                            title: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The link's public page, to share with customers */
                            url: string;
                            /** @description Invoices counting against maxUses: made through the link, less those that ended unpaid */
                            uses: number;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getPaymentLink: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
            };
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
                            /** Format: uuid */
                            accountId: string;
                            active: boolean;
                            /**
                             * Format: decimal
                             * @description The fixed price (of one). Exact decimal (a JSON number with every digit)
                             */
                            amount?: number;
                            /**
                             * Format: decimal
                             * @description The fiat totals of its paid invoices. Exact decimal (a JSON number with every digit)
                             */
                            amountPaid: number;
                            /** @description open: customers can pay; disabled: turned off (active false); expired: past expiresAt; usedUp: maxUses reached */
                            availability: "open" | "disabled" | "expired" | "usedUp";
                            /** Format: date-time */
                            createdAt: string;
                            description?: string;
                            /** Format: date-time */
                            expiresAt?: string;
                            fiatCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            /** @description Every invoice the link made */
                            invoicesMade: number;
                            /** @description Its invoices paid in full */
                            invoicesPaid: number;
                            /** @description `payment`: each payment makes an invoice. `request`: one invoice of a fixed total that takes several payments until it is paid in full */
                            kind: "payment" | "request";
                            /**
                             * Format: decimal
                             * @description Most the customer may enter. Exact decimal (a JSON number with every digit)
                             */
                            maxAmount?: number;
                            maxQuantity?: number;
                            maxUses?: number;
                            /**
                             * Format: decimal
                             * @description Least the customer may enter. Exact decimal (a JSON number with every digit)
                             */
                            minAmount?: number;
                            /**
                             * Format: uuid
                             * @description A request's invoice, once the customer opened it
                             */
                            requestInvoiceId?: string;
                            successUrl?: string;
                            title: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The link's public page, to share with customers */
                            url: string;
                            /** @description Invoices counting against maxUses: made through the link, less those that ended unpaid */
                            uses: number;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    updatePaymentLink: {
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
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    /** @description false turns the link off (its page refuses payments); true turns it on again */
                    active: boolean;
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
                            /** Format: uuid */
                            accountId: string;
                            active: boolean;
                            /**
                             * Format: decimal
                             * @description The fixed price (of one). Exact decimal (a JSON number with every digit)
                             */
                            amount?: number;
                            /**
                             * Format: decimal
                             * @description The fiat totals of its paid invoices. Exact decimal (a JSON number with every digit)
                             */
                            amountPaid: number;
                            /** @description open: customers can pay; disabled: turned off (active false); expired: past expiresAt; usedUp: maxUses reached */
                            availability: "open" | "disabled" | "expired" | "usedUp";
                            /** Format: date-time */
                            createdAt: string;
                            description?: string;
                            /** Format: date-time */
                            expiresAt?: string;
                            fiatCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            /** @description Every invoice the link made */
                            invoicesMade: number;
                            /** @description Its invoices paid in full */
                            invoicesPaid: number;
                            /** @description `payment`: each payment makes an invoice. `request`: one invoice of a fixed total that takes several payments until it is paid in full */
                            kind: "payment" | "request";
                            /**
                             * Format: decimal
                             * @description Most the customer may enter. Exact decimal (a JSON number with every digit)
                             */
                            maxAmount?: number;
                            maxQuantity?: number;
                            maxUses?: number;
                            /**
                             * Format: decimal
                             * @description Least the customer may enter. Exact decimal (a JSON number with every digit)
                             */
                            minAmount?: number;
                            /**
                             * Format: uuid
                             * @description A request's invoice, once the customer opened it
                             */
                            requestInvoiceId?: string;
                            successUrl?: string;
                            title: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The link's public page, to share with customers */
                            url: string;
                            /** @description Invoices counting against maxUses: made through the link, less those that ended unpaid */
                            uses: number;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    paymentLinkQrCode: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A QR code of the link's URL (SVG) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listPayoutAddresses: {
        parameters: {
            query: {
                cryptoCurrencyCode?: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                limit: number;
                page: number;
            };
            header?: never;
            path?: never;
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
                            /** Format: date-time */
                            activeAt: string;
                            address: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Who added it (an email, or the operator) */
                            createdBy: string;
                            cryptoCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            label: string | null;
                            network: string;
                            /** @description `pending` until activeAt, then `active` */
                            status: "pending" | "active" | "removed";
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    addPayoutAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address: string;
                    cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                    label?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            activeAt: string;
                            address: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Who added it (an email, or the operator) */
                            createdBy: string;
                            cryptoCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            label: string | null;
                            network: string;
                            /** @description `pending` until activeAt, then `active` */
                            status: "pending" | "active" | "removed";
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    removePayoutAddress: {
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
                            /** Format: date-time */
                            activeAt: string;
                            address: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Who added it (an email, or the operator) */
                            createdBy: string;
                            cryptoCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            label: string | null;
                            network: string;
                            /** @description `pending` until activeAt, then `active` */
                            status: "pending" | "active" | "removed";
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getPayoutPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                            /** @description Withdrawals (refunds aside) go only to active addresses of the address book */
                            allowlistOnly: boolean;
                            approvalAboveUsd: number | null;
                            /** @description Withdrawals committed by an API key need a person’s approval */
                            approvalForApiKeys: boolean;
                            maxPerDayPerKeyUsd: number | null;
                            maxPerDayUsd: number | null;
                            maxPerWithdrawalUsd: number | null;
                            /** @description Hours before a new address is usable, and a loosening of this policy takes effect */
                            newAddressDelayHours: number;
                            /** @description Loosenings asked for, in force from effectiveAt unless cancelled before */
                            pending: {
                                changes: {
                                    /** @description Withdrawals (refunds aside) go only to active addresses of the address book */
                                    allowlistOnly?: boolean;
                                    approvalAboveUsd?: number | null;
                                    /** @description Withdrawals committed by an API key need a person’s approval */
                                    approvalForApiKeys?: boolean;
                                    maxPerDayPerKeyUsd?: number | null;
                                    maxPerDayUsd?: number | null;
                                    maxPerWithdrawalUsd?: number | null;
                                    /** @description Hours before a new address is usable, and a loosening of this policy takes effect */
                                    newAddressDelayHours?: number;
                                };
                                /** Format: date-time */
                                effectiveAt: string;
                                /** Format: uuid */
                                id: string;
                                /** Format: date-time */
                                requestedAt: string;
                                requestedBy: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    changePayoutPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allowlistOnly?: boolean;
                    approvalAboveUsd?: number | null;
                    approvalForApiKeys?: boolean;
                    maxPerDayPerKeyUsd?: number | null;
                    maxPerDayUsd?: number | null;
                    maxPerWithdrawalUsd?: number | null;
                    newAddressDelayHours?: number;
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
                            /** @description Withdrawals (refunds aside) go only to active addresses of the address book */
                            allowlistOnly: boolean;
                            approvalAboveUsd: number | null;
                            /** @description Withdrawals committed by an API key need a person’s approval */
                            approvalForApiKeys: boolean;
                            maxPerDayPerKeyUsd: number | null;
                            maxPerDayUsd: number | null;
                            maxPerWithdrawalUsd: number | null;
                            /** @description Hours before a new address is usable, and a loosening of this policy takes effect */
                            newAddressDelayHours: number;
                            /** @description Loosenings asked for, in force from effectiveAt unless cancelled before */
                            pending: {
                                changes: {
                                    /** @description Withdrawals (refunds aside) go only to active addresses of the address book */
                                    allowlistOnly?: boolean;
                                    approvalAboveUsd?: number | null;
                                    /** @description Withdrawals committed by an API key need a person’s approval */
                                    approvalForApiKeys?: boolean;
                                    maxPerDayPerKeyUsd?: number | null;
                                    maxPerDayUsd?: number | null;
                                    maxPerWithdrawalUsd?: number | null;
                                    /** @description Hours before a new address is usable, and a loosening of this policy takes effect */
                                    newAddressDelayHours?: number;
                                };
                                /** Format: date-time */
                                effectiveAt: string;
                                /** Format: uuid */
                                id: string;
                                /** Format: date-time */
                                requestedAt: string;
                                requestedBy: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    cancelPayoutPolicyChange: {
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
                            /** @description Withdrawals (refunds aside) go only to active addresses of the address book */
                            allowlistOnly: boolean;
                            approvalAboveUsd: number | null;
                            /** @description Withdrawals committed by an API key need a person’s approval */
                            approvalForApiKeys: boolean;
                            maxPerDayPerKeyUsd: number | null;
                            maxPerDayUsd: number | null;
                            maxPerWithdrawalUsd: number | null;
                            /** @description Hours before a new address is usable, and a loosening of this policy takes effect */
                            newAddressDelayHours: number;
                            /** @description Loosenings asked for, in force from effectiveAt unless cancelled before */
                            pending: {
                                changes: {
                                    /** @description Withdrawals (refunds aside) go only to active addresses of the address book */
                                    allowlistOnly?: boolean;
                                    approvalAboveUsd?: number | null;
                                    /** @description Withdrawals committed by an API key need a person’s approval */
                                    approvalForApiKeys?: boolean;
                                    maxPerDayPerKeyUsd?: number | null;
                                    maxPerDayUsd?: number | null;
                                    maxPerWithdrawalUsd?: number | null;
                                    /** @description Hours before a new address is usable, and a loosening of this policy takes effect */
                                    newAddressDelayHours?: number;
                                };
                                /** Format: date-time */
                                effectiveAt: string;
                                /** Format: uuid */
                                id: string;
                                /** Format: date-time */
                                requestedAt: string;
                                requestedBy: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listPlans: {
        parameters: {
            query: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                active?: boolean;
                limit: number;
                page: number;
            };
            header?: never;
            path?: never;
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
                            /** Format: uuid */
                            accountId: string;
                            active: boolean;
                            /**
                             * Format: decimal
                             * @description The price of one period. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /** Format: date-time */
                            createdAt: string;
                            fiatCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            /** @description The unit of a period: a period lasts intervalCount of them */
                            interval: "week" | "month" | "year";
                            intervalCount: number;
                            name: string;
                            trialDays?: number;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    createPlan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    /**
                     * Format: decimal
                     * @description The price of one period in the fiat currency; more decimals than the currency has is refused. Exact decimal (a JSON number with every digit)
                     */
                    amount: number;
                    fiatCurrencyCode: string;
                    /** @description The unit of a period: a period lasts intervalCount of them */
                    interval: "week" | "month" | "year";
                    /** @default 1 */
                    intervalCount?: number;
                    name: string;
                    /** @description Days a new subscription is free before its first period */
                    trialDays?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            accountId: string;
                            active: boolean;
                            /**
                             * Format: decimal
                             * @description The price of one period. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /** Format: date-time */
                            createdAt: string;
                            fiatCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            /** @description The unit of a period: a period lasts intervalCount of them */
                            interval: "week" | "month" | "year";
                            intervalCount: number;
                            name: string;
                            trialDays?: number;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getPlan: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
            };
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
                            /** Format: uuid */
                            accountId: string;
                            active: boolean;
                            /**
                             * Format: decimal
                             * @description The price of one period. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /** Format: date-time */
                            createdAt: string;
                            fiatCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            /** @description The unit of a period: a period lasts intervalCount of them */
                            interval: "week" | "month" | "year";
                            intervalCount: number;
                            name: string;
                            trialDays?: number;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    updatePlan: {
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
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    active?: boolean;
                    name?: string;
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
                            /** Format: uuid */
                            accountId: string;
                            active: boolean;
                            /**
                             * Format: decimal
                             * @description The price of one period. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /** Format: date-time */
                            createdAt: string;
                            fiatCurrencyCode: string;
                            /** Format: uuid */
                            id: string;
                            /** @description The unit of a period: a period lasts intervalCount of them */
                            interval: "week" | "month" | "year";
                            intervalCount: number;
                            name: string;
                            trialDays?: number;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listRequestLog: {
        parameters: {
            query: {
                apiKeyId?: string;
                limit: number;
                page: number;
                /** @description One status (404) or a class (4xx) */
                status?: string;
            };
            header?: never;
            path?: never;
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
                            accountId: string | null;
                            /** @description Who called: `api key cg_…` (its first characters) or the user’s email */
                            actor: string;
                            apiKeyId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            errorCode: string | null;
                            id: string;
                            latencyMs: number;
                            method: string;
                            /** @description The path called, without its query string */
                            path: string;
                            /** @description The x-request-id of the answer */
                            requestId: string;
                            status: number;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getRequestLogEntry: {
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
                        /** RequestLogDetail */
                        data: {
                            accountId: string | null;
                            /** @description Who called: `api key cg_…` (its first characters) or the user’s email */
                            actor: string;
                            apiKeyId: string | null;
                            apiKeyName: string | null;
                            apiKeyStart: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            errorCode: string | null;
                            id: string;
                            latencyMs: number;
                            method: string;
                            /** @description The path called, without its query string */
                            path: string;
                            requestBody: string | null;
                            /** @description The x-request-id of the answer */
                            requestId: string;
                            responseBody: string | null;
                            status: number;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                        /** MerchantSettings */
                        data: {
                            brandColor: string | null;
                            logo: string | null;
                            /** @description The name customers see on the payment page (the tenant's name unless set) */
                            merchantName: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    updateSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    brandColor?: string | null;
                    logo?: string | null;
                    merchantName?: string | null;
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
                        /** MerchantSettings */
                        data: {
                            brandColor: string | null;
                            logo: string | null;
                            /** @description The name customers see on the payment page (the tenant's name unless set) */
                            merchantName: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    volumeStats: {
        parameters: {
            query: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                days: number;
            };
            header?: never;
            path?: never;
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
                            /** @enum {string} */
                            currency: "USD";
                            /** @description Oldest first, ending today */
                            days: {
                                /**
                                 * Format: date
                                 * @description The UTC day
                                 */
                                date: string;
                                /** @description Deposits completed that day */
                                deposits: number;
                                /**
                                 * Format: decimal
                                 * @description What they received, in USD at the rate stored on each deposit. Exact decimal (a JSON number with every digit)
                                 */
                                depositsVolumeUsd: number;
                                /** @description Invoices paid that day (paid or overpaid) */
                                invoices: number;
                                /**
                                 * Format: decimal
                                 * @description What they received, in USD at the rate locked on each invoice. Exact decimal (a JSON number with every digit)
                                 */
                                invoicesVolumeUsd: number;
                                /**
                                 * Format: decimal
                                 * @description invoicesVolumeUsd + depositsVolumeUsd. Exact decimal (a JSON number with every digit)
                                 */
                                volumeUsd: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listSubscriptions: {
        parameters: {
            query: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                customerId?: string;
                limit: number;
                page: number;
                /** @description trialing: in its free trial; active: paid up; pastDue: a period is unpaid past its grace; cancelled: ended by the merchant or customer; expired: ended unpaid */
                status?: "trialing" | "active" | "pastDue" | "cancelled" | "expired";
            };
            header?: never;
            path?: never;
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
                            /** Format: uuid */
                            accountId: string;
                            cancelAtPeriodEnd: boolean;
                            /** Format: date-time */
                            cancelledAt?: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            currentPeriodEnd: string;
                            /** Format: date-time */
                            currentPeriodStart: string;
                            /** Format: uuid */
                            customerId: string;
                            /** Format: date-time */
                            endedAt?: string;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description The invoice of the latest period billed
                             */
                            latestInvoiceId?: string;
                            /** @description 0 during the trial, then 1, 2, … for each paid period */
                            periodNumber: number;
                            /** Format: uuid */
                            planId: string;
                            /** @description A signed link to the customer's portal, valid for a limited time */
                            portalUrl?: string;
                            /** @description trialing: in its free trial; active: paid up; pastDue: a period is unpaid past its grace; cancelled: ended by the merchant or customer; expired: ended unpaid */
                            status: "trialing" | "active" | "pastDue" | "cancelled" | "expired";
                            /** Format: date-time */
                            trialEnd?: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    createSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    cancelAtPeriodEnd?: boolean;
                    /** Format: uuid */
                    customerId: string;
                    /** Format: uuid */
                    planId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            accountId: string;
                            cancelAtPeriodEnd: boolean;
                            /** Format: date-time */
                            cancelledAt?: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            currentPeriodEnd: string;
                            /** Format: date-time */
                            currentPeriodStart: string;
                            /** Format: uuid */
                            customerId: string;
                            /** Format: date-time */
                            endedAt?: string;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description The invoice of the latest period billed
                             */
                            latestInvoiceId?: string;
                            /** @description 0 during the trial, then 1, 2, … for each paid period */
                            periodNumber: number;
                            /** Format: uuid */
                            planId: string;
                            /** @description A signed link to the customer's portal, valid for a limited time */
                            portalUrl?: string;
                            /** @description trialing: in its free trial; active: paid up; pastDue: a period is unpaid past its grace; cancelled: ended by the merchant or customer; expired: ended unpaid */
                            status: "trialing" | "active" | "pastDue" | "cancelled" | "expired";
                            /** Format: date-time */
                            trialEnd?: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getSubscription: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
            };
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
                            /** Format: uuid */
                            accountId: string;
                            cancelAtPeriodEnd: boolean;
                            /** Format: date-time */
                            cancelledAt?: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            currentPeriodEnd: string;
                            /** Format: date-time */
                            currentPeriodStart: string;
                            /** Format: uuid */
                            customerId: string;
                            /** Format: date-time */
                            endedAt?: string;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description The invoice of the latest period billed
                             */
                            latestInvoiceId?: string;
                            /** @description 0 during the trial, then 1, 2, … for each paid period */
                            periodNumber: number;
                            /** Format: uuid */
                            planId: string;
                            /** @description A signed link to the customer's portal, valid for a limited time */
                            portalUrl?: string;
                            /** @description trialing: in its free trial; active: paid up; pastDue: a period is unpaid past its grace; cancelled: ended by the merchant or customer; expired: ended unpaid */
                            status: "trialing" | "active" | "pastDue" | "cancelled" | "expired";
                            /** Format: date-time */
                            trialEnd?: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    updateSubscription: {
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
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    /** @description true: ends at the end of the current period, no further invoice; false: renews again */
                    cancelAtPeriodEnd: boolean;
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
                            /** Format: uuid */
                            accountId: string;
                            cancelAtPeriodEnd: boolean;
                            /** Format: date-time */
                            cancelledAt?: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            currentPeriodEnd: string;
                            /** Format: date-time */
                            currentPeriodStart: string;
                            /** Format: uuid */
                            customerId: string;
                            /** Format: date-time */
                            endedAt?: string;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description The invoice of the latest period billed
                             */
                            latestInvoiceId?: string;
                            /** @description 0 during the trial, then 1, 2, … for each paid period */
                            periodNumber: number;
                            /** Format: uuid */
                            planId: string;
                            /** @description A signed link to the customer's portal, valid for a limited time */
                            portalUrl?: string;
                            /** @description trialing: in its free trial; active: paid up; pastDue: a period is unpaid past its grace; cancelled: ended by the merchant or customer; expired: ended unpaid */
                            status: "trialing" | "active" | "pastDue" | "cancelled" | "expired";
                            /** Format: date-time */
                            trialEnd?: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    cancelSubscription: {
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
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    /** @description true: at the end of the current period (the same as PATCH cancelAtPeriodEnd); absent or false: now */
                    atPeriodEnd?: boolean;
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
                            /** Format: uuid */
                            accountId: string;
                            cancelAtPeriodEnd: boolean;
                            /** Format: date-time */
                            cancelledAt?: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            currentPeriodEnd: string;
                            /** Format: date-time */
                            currentPeriodStart: string;
                            /** Format: uuid */
                            customerId: string;
                            /** Format: date-time */
                            endedAt?: string;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description The invoice of the latest period billed
                             */
                            latestInvoiceId?: string;
                            /** @description 0 during the trial, then 1, 2, … for each paid period */
                            periodNumber: number;
                            /** Format: uuid */
                            planId: string;
                            /** @description A signed link to the customer's portal, valid for a limited time */
                            portalUrl?: string;
                            /** @description trialing: in its free trial; active: paid up; pastDue: a period is unpaid past its grace; cancelled: ended by the merchant or customer; expired: ended unpaid */
                            status: "trialing" | "active" | "pastDue" | "cancelled" | "expired";
                            /** Format: date-time */
                            trialEnd?: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            /** @description owner: everything; finance: reads, withdrawals and conversions; developer: reads, API keys and webhooks; viewer: reads */
                            role: "owner" | "finance" | "developer" | "viewer";
                            status: "invited" | "active" | "disabled";
                            totpEnabled: boolean;
                        }[];
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    inviteUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @description owner: everything; finance: reads, withdrawals and conversions; developer: reads, API keys and webhooks; viewer: reads */
                    role: "owner" | "finance" | "developer" | "viewer";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            email: string;
                            /** Format: uuid */
                            id: string;
                            /** @description Valid 7 days, once; the token is in the fragment, so it never reaches a server log */
                            inviteUrl: string;
                            role: "owner" | "finance" | "developer" | "viewer" | "operator" | "operatorOperations" | "operatorSupport" | "operatorAuditor";
                            tenantId: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    removeUser: {
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
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    changeUserRole: {
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
                    /** @description owner: everything; finance: reads, withdrawals and conversions; developer: reads, API keys and webhooks; viewer: reads */
                    role: "owner" | "finance" | "developer" | "viewer";
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
                        /** User */
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            /** @description owner: everything; finance: reads, withdrawals and conversions; developer: reads, API keys and webhooks; viewer: reads */
                            role: "owner" | "finance" | "developer" | "viewer";
                            status: "invited" | "active" | "disabled";
                            totpEnabled: boolean;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    listWebhookDeliveries: {
        parameters: {
            query: {
                limit: number;
                /** @description The id of the object the events are about */
                objectId?: string;
                page: number;
                status?: "pending" | "delivered" | "failed";
            };
            header?: never;
            path?: never;
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
                            /** @description Attempts made so far */
                            attempts: number;
                            /** Format: date-time */
                            createdAt: string;
                            deliveredAt: string | null;
                            /** @description invoice.statusChanged, deposit.statusChanged, …, webhook.test */
                            event: string;
                            failedAt: string | null;
                            /** @description Also the x-webhook-id header of every attempt */
                            id: string;
                            lastError: string | null;
                            lastStatusCode: number | null;
                            nextAttemptAt: string | null;
                            objectId: string;
                            /** @description What the event is about: invoice, deposit, withdrawal, x402, conversion, webhook */
                            objectType: string;
                            status: "pending" | "delivered" | "failed";
                            url: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getWebhookDelivery: {
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
                        /** WebhookDeliveryDetail */
                        data: {
                            attempts: {
                                /** Format: date-time */
                                at: string;
                                durationMs: number;
                                error: string | null;
                                /** @description Attempt number, from 1 (the x-webhook-attempt header) */
                                n: number;
                                outcome: "delivered" | "retried" | "failed";
                                requestBody: string | null;
                                responseBody: string | null;
                                statusCode: number | null;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            deliveredAt: string | null;
                            /** @description invoice.statusChanged, deposit.statusChanged, …, webhook.test */
                            event: string;
                            failedAt: string | null;
                            /** @description Also the x-webhook-id header of every attempt */
                            id: string;
                            lastError: string | null;
                            lastStatusCode: number | null;
                            nextAttemptAt: string | null;
                            objectId: string;
                            /** @description What the event is about: invoice, deposit, withdrawal, x402, conversion, webhook */
                            objectType: string;
                            status: "pending" | "delivered" | "failed";
                            url: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    redeliverWebhook: {
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
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** WebhookDelivery */
                        data: {
                            /** @description Attempts made so far */
                            attempts: number;
                            /** Format: date-time */
                            createdAt: string;
                            deliveredAt: string | null;
                            /** @description invoice.statusChanged, deposit.statusChanged, …, webhook.test */
                            event: string;
                            failedAt: string | null;
                            /** @description Also the x-webhook-id header of every attempt */
                            id: string;
                            lastError: string | null;
                            lastStatusCode: number | null;
                            nextAttemptAt: string | null;
                            objectId: string;
                            /** @description What the event is about: invoice, deposit, withdrawal, x402, conversion, webhook */
                            objectType: string;
                            status: "pending" | "delivered" | "failed";
                            url: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getWebhookSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                        /** WebhookSettings */
                        data: {
                            depositWebhookUrl: string | null;
                            webhookUrl: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    updateWebhookSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    depositWebhookUrl?: string | null;
                    webhookUrl?: string | null;
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
                        /** WebhookSettings */
                        data: {
                            depositWebhookUrl: string | null;
                            webhookUrl: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                            secret: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deliveryId: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getWithdrawal: {
        parameters: {
            query?: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                id?: string;
                orderId?: string;
            };
            header?: never;
            path?: never;
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
                            accountId: string;
                            address: string;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            amountUsd: number;
                            /** Format: date-time */
                            approvalExpiresAt?: string;
                            /** @description Whose approval it needs: tenant (a second person of the tenant), operator (the installation’s operator) */
                            approvalLevels?: ("tenant" | "operator")[];
                            /** @description The approvals given (on the single withdrawal, and in lists on those awaiting approval) */
                            approvals?: {
                                /** Format: date-time */
                                at: string;
                                by: string;
                                level: "tenant" | "operator";
                            }[];
                            /** @description Approvals it needs before it is paid (status awaitingApproval): a second person of the tenant, an operator */
                            approvalsRequired?: number;
                            /**
                             * Format: uuid
                             * @description An item of a batch: the batch (GET /withdrawal/batch)
                             */
                            batchId?: string;
                            /** @description Sent to approval: who committed it (an email, or an API key’s prefix); never its approver */
                            committedBy?: string;
                            committedByUserId?: string | null;
                            convertId?: string | null;
                            createdAt: string;
                            cryptoCurrencyCode: string;
                            /** @description Merchant metadata as sent at commit; absent when none was sent */
                            customData?: {
                                [key: string]: unknown;
                            };
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            debitedAmount: number;
                            /**
                             * Format: uuid
                             * @description A refund: the deposit it gives money back for
                             */
                            depositId?: string;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            feeAmount: number;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            feeAmountUsd: number;
                            id: string;
                            /**
                             * Format: uuid
                             * @description A refund: the invoice it gives money back for
                             */
                            invoiceId?: string;
                            orderId: string;
                            /** @description Bitcoin, paid together with other withdrawals in one transaction (BTC_BATCH_WINDOW_S): its output in transactionHash */
                            outputIndex?: number;
                            quoteId: string | null;
                            source?: string;
                            status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                            transactionHash?: string | null;
                            transferId: string | null;
                            updatedAt: string;
                            /** @description Why it is not signed yet (status created), as the last execution round found it: hotWalletLow: the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin); feeUnavailable: no network fee could be had to sign it with (no fee quote, or a node that will not price it); noSigner: no worker holding the network's hot-wallet key has run lately; signingFailed: the last attempt to sign it failed at the node; screening: screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled */
                            waitingReason?: "hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening";
                            /** @description hotWalletLow: what the gateway's hot wallet lacks for this payout (the operator funds it) */
                            waitingShortfall?: {
                                /**
                                 * Format: decimal
                                 * @description How much of it the hot wallet lacks for this payout, exact. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /** @description The payout's currency, or the network's fee coin when the gas is what is short */
                                cryptoCurrencyCode: string;
                            };
                            webhookUrl?: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    approveWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
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
                            accountId: string;
                            address: string;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            amountUsd: number;
                            /** Format: date-time */
                            approvalExpiresAt?: string;
                            /** @description Whose approval it needs: tenant (a second person of the tenant), operator (the installation’s operator) */
                            approvalLevels?: ("tenant" | "operator")[];
                            /** @description The approvals given (on the single withdrawal, and in lists on those awaiting approval) */
                            approvals?: {
                                /** Format: date-time */
                                at: string;
                                by: string;
                                level: "tenant" | "operator";
                            }[];
                            /** @description Approvals it needs before it is paid (status awaitingApproval): a second person of the tenant, an operator */
                            approvalsRequired?: number;
                            /**
                             * Format: uuid
                             * @description An item of a batch: the batch (GET /withdrawal/batch)
                             */
                            batchId?: string;
                            /** @description Sent to approval: who committed it (an email, or an API key’s prefix); never its approver */
                            committedBy?: string;
                            committedByUserId?: string | null;
                            convertId?: string | null;
                            createdAt: string;
                            cryptoCurrencyCode: string;
                            /** @description Merchant metadata as sent at commit; absent when none was sent */
                            customData?: {
                                [key: string]: unknown;
                            };
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            debitedAmount: number;
                            /**
                             * Format: uuid
                             * @description A refund: the deposit it gives money back for
                             */
                            depositId?: string;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            feeAmount: number;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            feeAmountUsd: number;
                            id: string;
                            /**
                             * Format: uuid
                             * @description A refund: the invoice it gives money back for
                             */
                            invoiceId?: string;
                            orderId: string;
                            /** @description Bitcoin, paid together with other withdrawals in one transaction (BTC_BATCH_WINDOW_S): its output in transactionHash */
                            outputIndex?: number;
                            quoteId: string | null;
                            source?: string;
                            status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                            transactionHash?: string | null;
                            transferId: string | null;
                            updatedAt: string;
                            /** @description Why it is not signed yet (status created), as the last execution round found it: hotWalletLow: the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin); feeUnavailable: no network fee could be had to sign it with (no fee quote, or a node that will not price it); noSigner: no worker holding the network's hot-wallet key has run lately; signingFailed: the last attempt to sign it failed at the node; screening: screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled */
                            waitingReason?: "hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening";
                            /** @description hotWalletLow: what the gateway's hot wallet lacks for this payout (the operator funds it) */
                            waitingShortfall?: {
                                /**
                                 * Format: decimal
                                 * @description How much of it the hot wallet lacks for this payout, exact. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /** @description The payout's currency, or the network's fee coin when the gas is what is short */
                                cryptoCurrencyCode: string;
                            };
                            webhookUrl?: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    getWithdrawalBatch: {
        parameters: {
            query: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                id: string;
            };
            header?: never;
            path?: never;
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
                            /** Format: uuid */
                            accountId: string;
                            /** Format: uuid */
                            batchQuoteId: string;
                            completedAt: string | null;
                            /** @description What the completed items paid out, per currency */
                            completedTotals: {
                                /**
                                 * Format: decimal
                                 * @description What reaches the destinations. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                cryptoCurrencyCode: string;
                                /**
                                 * Format: decimal
                                 * @description The network fees, in this currency. Exact decimal (a JSON number with every digit)
                                 */
                                fee: number;
                                /** @description Items in this currency */
                                items: number;
                                /**
                                 * Format: decimal
                                 * @description amount + fee: debited at commit. Exact decimal (a JSON number with every digit)
                                 */
                                totalDeduction: number;
                            }[];
                            /** @description Items per withdrawal status */
                            counts: {
                                awaitingApproval: number;
                                cancelled: number;
                                completed: number;
                                created: number;
                                failed: number;
                                processing: number;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            itemCount: number;
                            status: "awaitingApproval" | "created" | "processing" | "completed" | "partiallyFailed" | "failed" | "cancelled";
                            totals: {
                                /**
                                 * Format: decimal
                                 * @description What reaches the destinations. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                cryptoCurrencyCode: string;
                                /**
                                 * Format: decimal
                                 * @description The network fees, in this currency. Exact decimal (a JSON number with every digit)
                                 */
                                fee: number;
                                /** @description Items in this currency */
                                items: number;
                                /**
                                 * Format: decimal
                                 * @description amount + fee: debited at commit. Exact decimal (a JSON number with every digit)
                                 */
                                totalDeduction: number;
                            }[];
                            /** Format: date-time */
                            updatedAt: string;
                            webhookUrl: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    commitWithdrawalBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description Optional: the request acts on the account of the object it names (a commit: its quote's); if given, it must be that account
                     */
                    accountId?: string;
                    /** Format: uuid */
                    batchQuoteId: string;
                    /** @description Where the batch's and its withdrawals' events go */
                    webhookUrl?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            accountId: string;
                            /** Format: uuid */
                            batchQuoteId: string;
                            completedAt: string | null;
                            /** @description What the completed items paid out, per currency */
                            completedTotals: {
                                /**
                                 * Format: decimal
                                 * @description What reaches the destinations. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                cryptoCurrencyCode: string;
                                /**
                                 * Format: decimal
                                 * @description The network fees, in this currency. Exact decimal (a JSON number with every digit)
                                 */
                                fee: number;
                                /** @description Items in this currency */
                                items: number;
                                /**
                                 * Format: decimal
                                 * @description amount + fee: debited at commit. Exact decimal (a JSON number with every digit)
                                 */
                                totalDeduction: number;
                            }[];
                            /** @description Items per withdrawal status */
                            counts: {
                                awaitingApproval: number;
                                cancelled: number;
                                completed: number;
                                created: number;
                                failed: number;
                                processing: number;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            itemCount: number;
                            status: "awaitingApproval" | "created" | "processing" | "completed" | "partiallyFailed" | "failed" | "cancelled";
                            totals: {
                                /**
                                 * Format: decimal
                                 * @description What reaches the destinations. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                cryptoCurrencyCode: string;
                                /**
                                 * Format: decimal
                                 * @description The network fees, in this currency. Exact decimal (a JSON number with every digit)
                                 */
                                fee: number;
                                /** @description Items in this currency */
                                items: number;
                                /**
                                 * Format: decimal
                                 * @description amount + fee: debited at commit. Exact decimal (a JSON number with every digit)
                                 */
                                totalDeduction: number;
                            }[];
                            /** Format: date-time */
                            updatedAt: string;
                            webhookUrl: string | null;
                            withdrawals: {
                                accountId: string;
                                address: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                amountUsd: number;
                                /** Format: date-time */
                                approvalExpiresAt?: string;
                                /** @description Whose approval it needs: tenant (a second person of the tenant), operator (the installation’s operator) */
                                approvalLevels?: ("tenant" | "operator")[];
                                /** @description The approvals given (on the single withdrawal, and in lists on those awaiting approval) */
                                approvals?: {
                                    /** Format: date-time */
                                    at: string;
                                    by: string;
                                    level: "tenant" | "operator";
                                }[];
                                /** @description Approvals it needs before it is paid (status awaitingApproval): a second person of the tenant, an operator */
                                approvalsRequired?: number;
                                /**
                                 * Format: uuid
                                 * @description An item of a batch: the batch (GET /withdrawal/batch)
                                 */
                                batchId?: string;
                                /** @description Sent to approval: who committed it (an email, or an API key’s prefix); never its approver */
                                committedBy?: string;
                                committedByUserId?: string | null;
                                convertId?: string | null;
                                createdAt: string;
                                cryptoCurrencyCode: string;
                                /** @description Merchant metadata as sent at commit; absent when none was sent */
                                customData?: {
                                    [key: string]: unknown;
                                };
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                debitedAmount: number;
                                /**
                                 * Format: uuid
                                 * @description A refund: the deposit it gives money back for
                                 */
                                depositId?: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                feeAmount: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                feeAmountUsd: number;
                                id: string;
                                /**
                                 * Format: uuid
                                 * @description A refund: the invoice it gives money back for
                                 */
                                invoiceId?: string;
                                orderId: string;
                                /** @description Bitcoin, paid together with other withdrawals in one transaction (BTC_BATCH_WINDOW_S): its output in transactionHash */
                                outputIndex?: number;
                                quoteId: string | null;
                                source?: string;
                                status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                                transactionHash?: string | null;
                                transferId: string | null;
                                updatedAt: string;
                                /** @description Why it is not signed yet (status created), as the last execution round found it: hotWalletLow: the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin); feeUnavailable: no network fee could be had to sign it with (no fee quote, or a node that will not price it); noSigner: no worker holding the network's hot-wallet key has run lately; signingFailed: the last attempt to sign it failed at the node; screening: screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled */
                                waitingReason?: "hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening";
                                /** @description hotWalletLow: what the gateway's hot wallet lacks for this payout (the operator funds it) */
                                waitingShortfall?: {
                                    /**
                                     * Format: decimal
                                     * @description How much of it the hot wallet lacks for this payout, exact. Exact decimal (a JSON number with every digit)
                                     */
                                    amount: number;
                                    /** @description The payout's currency, or the network's fee coin when the gas is what is short */
                                    cryptoCurrencyCode: string;
                                };
                                webhookUrl?: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
            /** @description Temporarily unavailable */
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
    listWithdrawalBatches: {
        parameters: {
            query: {
                accountId?: string;
                limit: number;
                page: number;
                status?: "awaitingApproval" | "created" | "processing" | "completed" | "partiallyFailed" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
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
                            /** Format: uuid */
                            accountId: string;
                            /** Format: uuid */
                            batchQuoteId: string;
                            completedAt: string | null;
                            /** @description What the completed items paid out, per currency */
                            completedTotals: {
                                /**
                                 * Format: decimal
                                 * @description What reaches the destinations. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                cryptoCurrencyCode: string;
                                /**
                                 * Format: decimal
                                 * @description The network fees, in this currency. Exact decimal (a JSON number with every digit)
                                 */
                                fee: number;
                                /** @description Items in this currency */
                                items: number;
                                /**
                                 * Format: decimal
                                 * @description amount + fee: debited at commit. Exact decimal (a JSON number with every digit)
                                 */
                                totalDeduction: number;
                            }[];
                            /** @description Items per withdrawal status */
                            counts: {
                                awaitingApproval: number;
                                cancelled: number;
                                completed: number;
                                created: number;
                                failed: number;
                                processing: number;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            itemCount: number;
                            status: "awaitingApproval" | "created" | "processing" | "completed" | "partiallyFailed" | "failed" | "cancelled";
                            totals: {
                                /**
                                 * Format: decimal
                                 * @description What reaches the destinations. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                cryptoCurrencyCode: string;
                                /**
                                 * Format: decimal
                                 * @description The network fees, in this currency. Exact decimal (a JSON number with every digit)
                                 */
                                fee: number;
                                /** @description Items in this currency */
                                items: number;
                                /**
                                 * Format: decimal
                                 * @description amount + fee: debited at commit. Exact decimal (a JSON number with every digit)
                                 */
                                totalDeduction: number;
                            }[];
                            /** Format: date-time */
                            updatedAt: string;
                            webhookUrl: string | null;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    quoteWithdrawalBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    items: {
                        address: string;
                        /**
                         * Format: decimal
                         * @description What reaches the destination, in cryptoCurrencyCode; more decimals than the currency has is refused. Exact decimal (a JSON number with every digit)
                         */
                        amount: number;
                        cryptoCurrencyCode: string;
                        /** @description The item's idempotency key, unique with the account's withdrawals; absent: one of its own */
                        orderId?: string;
                    }[];
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
                            /** Format: uuid */
                            batchQuoteId: string;
                            /** Format: date-time */
                            expiresAt: string;
                            items: {
                                address: string;
                                /**
                                 * Format: decimal
                                 * @description What reaches the destination. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                autoConvert: null | {
                                    /**
                                     * Format: decimal
                                     * @description Exact decimal (a JSON number with every digit)
                                     */
                                    commission: number;
                                    /**
                                     * Format: decimal
                                     * @description Exact decimal (a JSON number with every digit)
                                     */
                                    fromAmount: number;
                                    fromCryptoCurrencyCode: string;
                                    /**
                                     * Format: decimal
                                     * @description Exact decimal (a JSON number with every digit)
                                     */
                                    toAmount: number;
                                    toCryptoCurrencyCode: string;
                                };
                                cryptoCurrencyCode: string;
                                /** Format: date-time */
                                expiresAt: string;
                                fee: {
                                    /** @description The network's base currency */
                                    feeCurrency: string;
                                    /**
                                     * Format: decimal
                                     * @description The fee in the withdrawal currency (debited). Exact decimal (a JSON number with every digit)
                                     */
                                    feeInCryptoCurrencyCode: number;
                                    /**
                                     * Format: decimal
                                     * @description On-chain fee in the network's base currency. Exact decimal (a JSON number with every digit)
                                     */
                                    feeNative: number;
                                    /**
                                     * Format: decimal
                                     * @description Exact decimal (a JSON number with every digit)
                                     */
                                    feeUsd: number;
                                };
                                /** @description The item's place in the request, from 0 */
                                index: number;
                                orderId: string;
                                /** Format: uuid */
                                quoteId: string;
                                /**
                                 * Format: decimal
                                 * @description amount + fee, debited at commit. Exact decimal (a JSON number with every digit)
                                 */
                                totalDeduction: number;
                            }[];
                            totals: {
                                /**
                                 * Format: decimal
                                 * @description What reaches the destinations. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                cryptoCurrencyCode: string;
                                /**
                                 * Format: decimal
                                 * @description The network fees, in this currency. Exact decimal (a JSON number with every digit)
                                 */
                                fee: number;
                                /** @description Items in this currency */
                                items: number;
                                /**
                                 * Format: decimal
                                 * @description amount + fee: debited at commit. Exact decimal (a JSON number with every digit)
                                 */
                                totalDeduction: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
            /** @description Temporarily unavailable */
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
    withdrawalBatchResultsCsv: {
        parameters: {
            query: {
                /** @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account */
                accountId?: string;
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180, UTF-8, CRLF) with a header row: each item in the request's order, its withdrawal and how it stands; amounts are exact decimal strings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    commitWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description Optional: the request acts on the account of the object it names (a commit: its quote's); if given, it must be that account
                     */
                    accountId?: string;
                    customData?: {
                        [key: string]: unknown;
                    };
                    metadata?: {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    quoteId: string;
                    webhookUrl?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            accountId: string;
                            address: string;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            amountUsd: number;
                            /** Format: date-time */
                            approvalExpiresAt?: string;
                            /** @description Whose approval it needs: tenant (a second person of the tenant), operator (the installation’s operator) */
                            approvalLevels?: ("tenant" | "operator")[];
                            /** @description The approvals given (on the single withdrawal, and in lists on those awaiting approval) */
                            approvals?: {
                                /** Format: date-time */
                                at: string;
                                by: string;
                                level: "tenant" | "operator";
                            }[];
                            /** @description Approvals it needs before it is paid (status awaitingApproval): a second person of the tenant, an operator */
                            approvalsRequired?: number;
                            /**
                             * Format: uuid
                             * @description An item of a batch: the batch (GET /withdrawal/batch)
                             */
                            batchId?: string;
                            /** @description Sent to approval: who committed it (an email, or an API key’s prefix); never its approver */
                            committedBy?: string;
                            committedByUserId?: string | null;
                            convertId?: string | null;
                            createdAt: string;
                            cryptoCurrencyCode: string;
                            /** @description Merchant metadata as sent at commit; absent when none was sent */
                            customData?: {
                                [key: string]: unknown;
                            };
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            debitedAmount: number;
                            /**
                             * Format: uuid
                             * @description A refund: the deposit it gives money back for
                             */
                            depositId?: string;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            feeAmount: number;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            feeAmountUsd: number;
                            id: string;
                            /**
                             * Format: uuid
                             * @description A refund: the invoice it gives money back for
                             */
                            invoiceId?: string;
                            orderId: string;
                            /** @description Bitcoin, paid together with other withdrawals in one transaction (BTC_BATCH_WINDOW_S): its output in transactionHash */
                            outputIndex?: number;
                            quoteId: string | null;
                            source?: string;
                            status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                            transactionHash?: string | null;
                            transferId: string | null;
                            updatedAt: string;
                            /** @description Why it is not signed yet (status created), as the last execution round found it: hotWalletLow: the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin); feeUnavailable: no network fee could be had to sign it with (no fee quote, or a node that will not price it); noSigner: no worker holding the network's hot-wallet key has run lately; signingFailed: the last attempt to sign it failed at the node; screening: screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled */
                            waitingReason?: "hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening";
                            /** @description hotWalletLow: what the gateway's hot wallet lacks for this payout (the operator funds it) */
                            waitingShortfall?: {
                                /**
                                 * Format: decimal
                                 * @description How much of it the hot wallet lacks for this payout, exact. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /** @description The payout's currency, or the network's fee coin when the gas is what is short */
                                cryptoCurrencyCode: string;
                            };
                            webhookUrl?: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
            /** @description Temporarily unavailable */
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
    listWithdrawals: {
        parameters: {
            query: {
                accountId?: string;
                /** @description Created at or after this day or instant */
                from?: string;
                limit: number;
                page: number;
                /** @description Exact id, orderId, address or transaction hash (hex in any letter case) */
                search?: string;
                status?: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                /** @description Created at or before this day (inclusive) or instant */
                to?: string;
            };
            header?: never;
            path?: never;
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
                            accountId: string;
                            address: string;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            amountUsd: number;
                            /** Format: date-time */
                            approvalExpiresAt?: string;
                            /** @description Whose approval it needs: tenant (a second person of the tenant), operator (the installation’s operator) */
                            approvalLevels?: ("tenant" | "operator")[];
                            /** @description The approvals given (on the single withdrawal, and in lists on those awaiting approval) */
                            approvals?: {
                                /** Format: date-time */
                                at: string;
                                by: string;
                                level: "tenant" | "operator";
                            }[];
                            /** @description Approvals it needs before it is paid (status awaitingApproval): a second person of the tenant, an operator */
                            approvalsRequired?: number;
                            /**
                             * Format: uuid
                             * @description An item of a batch: the batch (GET /withdrawal/batch)
                             */
                            batchId?: string;
                            /** @description Sent to approval: who committed it (an email, or an API key’s prefix); never its approver */
                            committedBy?: string;
                            committedByUserId?: string | null;
                            convertId?: string | null;
                            createdAt: string;
                            cryptoCurrencyCode: string;
                            /** @description Merchant metadata as sent at commit; absent when none was sent */
                            customData?: {
                                [key: string]: unknown;
                            };
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            debitedAmount: number;
                            /**
                             * Format: uuid
                             * @description A refund: the deposit it gives money back for
                             */
                            depositId?: string;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            feeAmount: number;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            feeAmountUsd: number;
                            id: string;
                            /**
                             * Format: uuid
                             * @description A refund: the invoice it gives money back for
                             */
                            invoiceId?: string;
                            orderId: string;
                            /** @description Bitcoin, paid together with other withdrawals in one transaction (BTC_BATCH_WINDOW_S): its output in transactionHash */
                            outputIndex?: number;
                            quoteId: string | null;
                            source?: string;
                            status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                            transactionHash?: string | null;
                            transferId: string | null;
                            updatedAt: string;
                            /** @description Why it is not signed yet (status created), as the last execution round found it: hotWalletLow: the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin); feeUnavailable: no network fee could be had to sign it with (no fee quote, or a node that will not price it); noSigner: no worker holding the network's hot-wallet key has run lately; signingFailed: the last attempt to sign it failed at the node; screening: screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled */
                            waitingReason?: "hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening";
                            /** @description hotWalletLow: what the gateway's hot wallet lacks for this payout (the operator funds it) */
                            waitingShortfall?: {
                                /**
                                 * Format: decimal
                                 * @description How much of it the hot wallet lacks for this payout, exact. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /** @description The payout's currency, or the network's fee coin when the gas is what is short */
                                cryptoCurrencyCode: string;
                            };
                            webhookUrl?: string | null;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    quoteWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The account to act on: required with a tenant-wide API key (any account of its tenant); with an account-bound key, omit it or name that account
                     */
                    accountId?: string;
                    address: string;
                    allowAutoConvert?: boolean;
                    /**
                     * Format: decimal
                     * @description more decimals than the currency has is refused. Exact decimal (a JSON number with every digit)
                     */
                    amount: number;
                    cryptoCurrencyCode: "USDT_TRC20" | "USDT_ERC20" | "USDT_BEP20" | "USDC_ERC20" | "USDC_BEP20" | "USDC_BASE" | "EURC_BASE" | "LINK_ERC20" | "LINK_BEP20" | "ETH" | "TRX" | "BNB" | "BTC" | "ETH_BASE";
                    /**
                     * Format: uuid
                     * @description A refund of this deposit (suspense it holds below its minimum is released first); not with invoiceId
                     */
                    depositId?: string;
                    /**
                     * Format: uuid
                     * @description A refund of this invoice: at most what it received less its refunds, in its currency
                     */
                    invoiceId?: string;
                    /** @description Idempotency key: quotes of one orderId are one quote. Absent: a fresh quote with an orderId of its own (returned) */
                    orderId?: string;
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
                            address: string;
                            /**
                             * Format: decimal
                             * @description What reaches the destination. Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            autoConvert: null | {
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                commission: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                fromAmount: number;
                                fromCryptoCurrencyCode: string;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                toAmount: number;
                                toCryptoCurrencyCode: string;
                            };
                            cryptoCurrencyCode: string;
                            /** Format: date-time */
                            expiresAt: string;
                            fee: {
                                /** @description The network's base currency */
                                feeCurrency: string;
                                /**
                                 * Format: decimal
                                 * @description The fee in the withdrawal currency (debited). Exact decimal (a JSON number with every digit)
                                 */
                                feeInCryptoCurrencyCode: number;
                                /**
                                 * Format: decimal
                                 * @description On-chain fee in the network's base currency. Exact decimal (a JSON number with every digit)
                                 */
                                feeNative: number;
                                /**
                                 * Format: decimal
                                 * @description Exact decimal (a JSON number with every digit)
                                 */
                                feeUsd: number;
                            };
                            orderId: string;
                            /** Format: uuid */
                            quoteId: string;
                            /**
                             * Format: decimal
                             * @description amount + fee, debited at commit. Exact decimal (a JSON number with every digit)
                             */
                            totalDeduction: number;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
            /** @description Temporarily unavailable */
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
    rejectWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    reason?: string;
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
                            accountId: string;
                            address: string;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            amount: number;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            amountUsd: number;
                            /** Format: date-time */
                            approvalExpiresAt?: string;
                            /** @description Whose approval it needs: tenant (a second person of the tenant), operator (the installation’s operator) */
                            approvalLevels?: ("tenant" | "operator")[];
                            /** @description The approvals given (on the single withdrawal, and in lists on those awaiting approval) */
                            approvals?: {
                                /** Format: date-time */
                                at: string;
                                by: string;
                                level: "tenant" | "operator";
                            }[];
                            /** @description Approvals it needs before it is paid (status awaitingApproval): a second person of the tenant, an operator */
                            approvalsRequired?: number;
                            /**
                             * Format: uuid
                             * @description An item of a batch: the batch (GET /withdrawal/batch)
                             */
                            batchId?: string;
                            /** @description Sent to approval: who committed it (an email, or an API key’s prefix); never its approver */
                            committedBy?: string;
                            committedByUserId?: string | null;
                            convertId?: string | null;
                            createdAt: string;
                            cryptoCurrencyCode: string;
                            /** @description Merchant metadata as sent at commit; absent when none was sent */
                            customData?: {
                                [key: string]: unknown;
                            };
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            debitedAmount: number;
                            /**
                             * Format: uuid
                             * @description A refund: the deposit it gives money back for
                             */
                            depositId?: string;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            feeAmount: number;
                            /**
                             * Format: decimal
                             * @description Exact decimal (a JSON number with every digit)
                             */
                            feeAmountUsd: number;
                            id: string;
                            /**
                             * Format: uuid
                             * @description A refund: the invoice it gives money back for
                             */
                            invoiceId?: string;
                            orderId: string;
                            /** @description Bitcoin, paid together with other withdrawals in one transaction (BTC_BATCH_WINDOW_S): its output in transactionHash */
                            outputIndex?: number;
                            quoteId: string | null;
                            source?: string;
                            status: "awaitingApproval" | "created" | "processing" | "completed" | "failed" | "cancelled";
                            transactionHash?: string | null;
                            transferId: string | null;
                            updatedAt: string;
                            /** @description Why it is not signed yet (status created), as the last execution round found it: hotWalletLow: the network's hot wallet holds less than the payout needs (its amount, or on EVM networks its gas in the network's coin); feeUnavailable: no network fee could be had to sign it with (no fee quote, or a node that will not price it); noSigner: no worker holding the network's hot-wallet key has run lately; signingFailed: the last attempt to sign it failed at the node; screening: screening flagged its destination (the denylist, or the provider; or the provider did not answer with SCREENING_FAIL closed): it is not signed until cleared or cancelled */
                            waitingReason?: "hotWalletLow" | "feeUnavailable" | "noSigner" | "signingFailed" | "screening";
                            /** @description hotWalletLow: what the gateway's hot wallet lacks for this payout (the operator funds it) */
                            waitingShortfall?: {
                                /**
                                 * Format: decimal
                                 * @description How much of it the hot wallet lacks for this payout, exact. Exact decimal (a JSON number with every digit)
                                 */
                                amount: number;
                                /** @description The payout's currency, or the network's fee coin when the gas is what is short */
                                cryptoCurrencyCode: string;
                            };
                            webhookUrl?: string | null;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Conflict */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    x402Settle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description x402 v2: { x402Version?, paymentPayload: { x402Version, resource?, accepted, payload, extensions? }, paymentRequirements } */
        requestBody: {
            content: {
                "application/json": unknown;
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
                        amount?: string;
                        errorMessage?: string;
                        errorReason?: string;
                        network: string;
                        payer?: string;
                        success: boolean;
                        transaction: string;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    x402Settlements: {
        parameters: {
            query: {
                from?: string;
                limit: number;
                page: number;
                payer?: string;
                payTo?: string;
                status?: "submitted" | "confirmed" | "failed";
                to?: string;
                transaction?: string;
            };
            header?: never;
            path?: never;
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
                            amount: string;
                            asset: string;
                            confirmedAt: string | null;
                            createdAt: string;
                            errorReason: string | null;
                            /** Format: uuid */
                            id: string;
                            network: string;
                            payer: string;
                            payTo: string;
                            status: "submitted" | "confirmed" | "failed";
                            transaction: string;
                        }[];
                        hasMore: boolean;
                        limit: number;
                        page: number;
                        total: number;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    x402Settlement: {
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
                            amount: string;
                            asset: string;
                            confirmedAt: string | null;
                            createdAt: string;
                            errorReason: string | null;
                            /** Format: uuid */
                            id: string;
                            network: string;
                            payer: string;
                            payTo: string;
                            status: "submitted" | "confirmed" | "failed";
                            transaction: string;
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Not found for this tenant */
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    x402Supported: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                        extensions: string[];
                        kinds: {
                            extra?: {
                                [key: string]: unknown;
                            };
                            network: string;
                            scheme: string;
                            x402Version: number;
                        }[];
                        signers: {
                            [key: string]: string[];
                        };
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
    x402Verify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description x402 v2: { x402Version?, paymentPayload: { x402Version, resource?, accepted, payload, extensions? }, paymentRequirements } */
        requestBody: {
            content: {
                "application/json": unknown;
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
                        invalidMessage?: string;
                        invalidReason?: string;
                        isValid: boolean;
                        payer?: string;
                    };
                };
            };
            /** @description Validation failed or the operation is not allowed in the current state */
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
            /** @description Missing or invalid credentials */
            401: {
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
            /** @description IP not allowed, scope missing, or account not allowed */
            403: {
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
            /** @description Rate limit exceeded; wait extension.msBeforeNext milliseconds */
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
            /** @description Unexpected error */
            500: {
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
}

/** The calls that act on one merchant account: the client names it (`accountId`) in the query of a read, the body of a write. */
export const accountOperations: ReadonlySet<string> = new Set([
    "GET /v1/balances",
    "GET /v1/converting",
    "GET /v1/converting/list",
    "GET /v1/customers",
    "GET /v1/customers/{id}",
    "GET /v1/deposit",
    "GET /v1/deposit/list",
    "GET /v1/deposit/payments",
    "GET /v1/export/conversions.csv",
    "GET /v1/export/deposits.csv",
    "GET /v1/export/invoices.csv",
    "GET /v1/export/withdrawals.csv",
    "GET /v1/invoice",
    "GET /v1/invoice/list",
    "GET /v1/invoice/payments",
    "GET /v1/payment-links",
    "GET /v1/payment-links/{id}",
    "GET /v1/payment-links/{id}/qr.svg",
    "GET /v1/plans",
    "GET /v1/plans/{id}",
    "GET /v1/stats/volume",
    "GET /v1/subscriptions",
    "GET /v1/subscriptions/{id}",
    "GET /v1/withdrawal",
    "GET /v1/withdrawal/batch",
    "GET /v1/withdrawal/batch/list",
    "GET /v1/withdrawal/batch/results.csv",
    "GET /v1/withdrawal/list",
    "PATCH /v1/customers/{id}",
    "PATCH /v1/payment-links/{id}",
    "PATCH /v1/plans/{id}",
    "PATCH /v1/subscriptions/{id}",
    "POST /v1/converting/commit",
    "POST /v1/converting/preview",
    "POST /v1/converting/quote",
    "POST /v1/customers",
    "POST /v1/customers/{id}/credit-address",
    "POST /v1/customers/{id}/portal-link",
    "POST /v1/deposit",
    "POST /v1/invoice",
    "POST /v1/invoice/cancel",
    "POST /v1/payment-links",
    "POST /v1/plans",
    "POST /v1/subscriptions",
    "POST /v1/subscriptions/{id}/cancel",
    "POST /v1/withdrawal/batch/commit",
    "POST /v1/withdrawal/batch/quote",
    "POST /v1/withdrawal/commit",
    "POST /v1/withdrawal/quote",
]);

/** The operator roles that may make each operator call (the console hides what a role cannot do). */
export const operatorRoles = {
    "DELETE /admin/api-keys/{id}": ["operator"],
    "DELETE /admin/users/{id}": ["operator"],
    "GET /admin/api-keys": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/audit-log": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/customers/blocks": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/held-payments": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/hot-wallets": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/networks": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/rates": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/solvency": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/tenants": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/tenants/{id}": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/tenants/{id}/webhook-deliveries": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/unlisted-tokens": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/users": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/webhook-deliveries": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/webhook-deliveries/{id}": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/webhook-health": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/withdrawals": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "GET /admin/withdrawals/{id}": ["operator", "operatorOperations", "operatorSupport", "operatorAuditor"],
    "PATCH /admin/tenants/{id}": ["operator", "operatorOperations"],
    "PATCH /admin/tenants/{id}/payout-policy": ["operator"],
    "POST /admin/api-keys": ["operator"],
    "POST /admin/customers/block": ["operator", "operatorOperations"],
    "POST /admin/customers/unblock": ["operator", "operatorOperations"],
    "POST /admin/held-payments/{id}/refund": ["operator", "operatorOperations"],
    "POST /admin/held-payments/{id}/release": ["operator", "operatorOperations"],
    "POST /admin/hot-wallets/{network}/move-to-cold": ["operator", "operatorOperations"],
    "POST /admin/payout-addresses": ["operator"],
    "POST /admin/sandbox/mine": ["operator"],
    "POST /admin/sandbox/transfers": ["operator"],
    "POST /admin/tenants": ["operator"],
    "POST /admin/tenants/{id}/resume": ["operator", "operatorOperations"],
    "POST /admin/tenants/{id}/suspend": ["operator", "operatorOperations"],
    "POST /admin/tenants/{id}/webhook-secret": ["operator"],
    "POST /admin/tenants/{tenantId}/users/{id}/password-reset": ["operator", "operatorSupport"],
    "POST /admin/unlisted-tokens/{id}/dismiss": ["operator"],
    "POST /admin/unlisted-tokens/{id}/hold": ["operator"],
    "POST /admin/unlisted-tokens/{id}/move": ["operator"],
    "POST /admin/unlisted-tokens/{id}/moved": ["operator"],
    "POST /admin/users": ["operator", "operatorSupport"],
    "POST /admin/webhook-deliveries/{id}/redeliver": ["operator", "operatorOperations"],
    "POST /admin/withdrawals/{id}/approve": ["operator", "operatorOperations"],
    "POST /admin/withdrawals/{id}/cancel": ["operator", "operatorOperations"],
    "POST /admin/withdrawals/{id}/reject": ["operator", "operatorOperations"],
    "PUT /admin/sandbox/network-fees": ["operator"],
} as const satisfies Record<string, readonly string[]>;
