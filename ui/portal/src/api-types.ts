// Generated from GET /openapi.json by scripts/openapi-types.mjs (npm run openapi:types).
// Do not edit: change the route schemas and regenerate; test/dashboard/openapi-types.test.ts
// fails while this file is stale.
/* eslint-disable */
import type { Decimal } from '../../shared/exact-json.ts';
export interface paths {
    "/portal/{token}/customer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer the link is for */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
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
                                /** @description The language the customer is mailed in and their portal opens in (ISO 639-1): one of en, es, de, fr, pt, ru, tr, zh; absent: English mails, the browser's language in the portal */
                                language?: "en" | "es" | "de" | "fr" | "pt" | "ru" | "tr" | "zh";
                                name?: string;
                                reference?: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
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
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
        /** The customer changes their email and the language of their mails */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        /** @description The language the customer is mailed in and their portal opens in (ISO 639-1): one of en, es, de, fr, pt, ru, tr, zh; absent: English mails, the browser's language in the portal */
                        language?: "en" | "es" | "de" | "fr" | "pt" | "ru" | "tr" | "zh";
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
                                /** @description The language the customer is mailed in and their portal opens in (ISO 639-1): one of en, es, de, fr, pt, ru, tr, zh; absent: English mails, the browser's language in the portal */
                                language?: "en" | "es" | "de" | "fr" | "pt" | "ru" | "tr" | "zh";
                                name?: string;
                                reference?: string;
                                /** Format: date-time */
                                updatedAt: string;
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
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
        trace?: never;
    };
    "/portal/{token}/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer's billed periods and their invoices, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
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
                                /**
                                 * Format: decimal
                                 * @description The price of the period. Exact decimal (a JSON number with every digit)
                                 */
                                amount: Decimal;
                                fiatCurrencyCode: string;
                                /** Format: uuid */
                                invoiceId?: string;
                                invoiceStatus?: string;
                                paid: boolean;
                                /** Format: date-time */
                                paidAt?: string;
                                /** @description invoice or credit */
                                paidBy?: string;
                                paymentPageUrl?: string;
                                /** Format: date-time */
                                periodEnd: string;
                                /** @description 1 for the first paid period, then 2, 3, … */
                                periodNumber: number;
                                /** Format: date-time */
                                periodStart: string;
                                /** Format: uuid */
                                subscriptionId: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
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
                /** @description Default Response */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/portal/{token}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer's subscriptions, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
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
                                /**
                                 * Format: decimal
                                 * @description The price of one period. Exact decimal (a JSON number with every digit)
                                 */
                                amount: Decimal;
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
                                fiatCurrencyCode: string;
                                /** Format: uuid */
                                id: string;
                                interval: string;
                                intervalCount: number;
                                /**
                                 * Format: uuid
                                 * @description The invoice of the latest period billed
                                 */
                                latestInvoiceId?: string;
                                /** @description 0 during the trial, then 1, 2, … for each paid period */
                                periodNumber: number;
                                /** Format: uuid */
                                planId: string;
                                planName: string;
                                /** @description A signed link to the customer's portal, valid for a limited time */
                                portalUrl?: string;
                                /** @description trialing: in its free trial; active: paid up; pastDue: a period is unpaid past its grace; cancelled: ended by the merchant or customer; expired: ended unpaid */
                                status: "trialing" | "active" | "pastDue" | "cancelled" | "expired";
                                /** Format: date-time */
                                trialEnd?: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
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
                /** @description Default Response */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "/portal/{token}/subscriptions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The customer cancels a subscription, now or at the end of its period */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
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
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
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
    "amount",
]);

/** The properties whose numbers are other numbers (counts, heights, places) in these answers: parsed as numbers. */
export const numberFields: ReadonlySet<string> = new Set([
    "intervalCount",
    "periodNumber",
]);
