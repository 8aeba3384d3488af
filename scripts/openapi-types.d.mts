/** Where the dashboard's generated API types live (ui/dashboard/src/api-types.ts). */
export const API_TYPES_FILE: string;
/** Where the payment page's generated API types live (ui/pay/src/api-types.ts). */
export const PAY_TYPES_FILE: string;
/** The OpenAPI document of the service, built in memory. */
export function openapiDocument(): Promise<Record<string, unknown>>;
/** The generated file's text for a document. */
export function renderApiTypes(document: Record<string, unknown>): Promise<string>;
/** The generated file's text as it should be now. */
export function currentApiTypes(): Promise<string>;
/** The file as committed ('' when missing). */
export function committedApiTypes(): string;
/** The payment page's file text for a document. */
export function renderPayTypes(document: Record<string, unknown>): Promise<string>;
/** The payment page's file as it should be now. */
export function currentPayTypes(): Promise<string>;
/** The payment page's file as committed ('' when missing). */
export function committedPayTypes(): string;
/** Where the customer portal's generated API types live (ui/portal/src/api-types.ts). */
export const PORTAL_TYPES_FILE: string;
/** The customer portal's file text for a document. */
export function renderPortalTypes(document: Record<string, unknown>): Promise<string>;
/** The customer portal's file as it should be now. */
export function currentPortalTypes(): Promise<string>;
/** The customer portal's file as committed ('' when missing). */
export function committedPortalTypes(): string;
