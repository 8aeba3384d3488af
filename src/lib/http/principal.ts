// Apart from security.ts, which re-exports it, so the account scope and the key lookup that
// security.ts calls can name the principal without importing security.ts back.

/** The caller behind a valid API key, and the account its request acts on. */
export interface ApiPrincipal {
  /** Who acts: an API key, or a signed-in user of the dashboard (a session, checked by the same hook). */
  kind: 'apiKey' | 'session';
  /** The API key; null for a session. */
  keyId: string | null;
  /** The signed-in user; null for an API key. */
  userId: string | null;
  /**
   * The user the caller acts for, whose keys end with them: the signed-in user, or the user the key
   * belongs to (null for a key the operator issued).
   */
  ownerUserId: string | null;
  /** How the audit and request logs name the caller: `api key cg_live_ab12…` or the user's email. */
  actor: string;
  tenantId: string;
  /** The account this request acts on: the key's own, or the one a tenant-wide key's request names. */
  accountId: string;
  /** The account the key is bound to; null for a tenant-wide key (any account of its tenant). */
  keyAccountId: string | null;
  scopes: string[];
  allowedIps: string[] | null;
}
