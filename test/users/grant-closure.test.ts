/**
 * the closure of the grant actions. From every role's session and from keys of every
 * subset of the grant-relevant scopes (combined with other scopes, and sampled ones: fast-check),
 * tenant-wide or bound to an account, every grant action the API offers is tried over the real API:
 * make a key (of the caller's scopes, of one more, of single scopes, of every role's, of sampled
 * sets; bound to each account or tenant-wide), invite a user of each role, change a user of each
 * role to each other role; and again from every principal so reached (a key a key made, a user's
 * session), to a fixed point. No principal reached ever holds a scope the start lacked, nor reaches
 * further than its account.
 *
 * Principals of one class (a key's scopes and account, a session's role) grant alike, so each class
 * is explored once for the whole run and every start's closure is a search over that one graph. A
 * user whose role a principal could set (an invitation, a role change) counts as one it reaches.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { ALL_SCOPES, MONEY_SCOPES, RIGHTS_SCOPES, ROLE_SCOPES, SCOPES, coversScopes } from '../../src/lib/auth/scopes.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { invite, member, uniqueEmail, type Browser } from './helpers.ts';

const ROLES = ['owner', 'finance', 'developer', 'viewer'] as const;
type Role = (typeof ROLES)[number];
/** The scopes a grant action needs or hands out that move money or rights: every subset of them is a start. */
const GRANT_RELEVANT = ['apiKeys.manage', 'users.manage', ...MONEY_SCOPES, 'webhooks.manage', 'settings.manage'] as const;
const OTHERS = SCOPES.filter((s) => !(GRANT_RELEVANT as readonly string[]).includes(s));
/** Scopes a probe key adds to the caller's own, one at a time. */
const PROBES = [...new Set([...GRANT_RELEVANT, ...RIGHTS_SCOPES, 'invoices.list', 'accounts.create', 'audit.list', ALL_SCOPES])];
type Binding = 'wide' | 'A' | 'B';

/** A class of principal: what it holds and how far it reaches. */
interface Node {
  id: string;
  scopes: string[];
  binding: Binding;
  /** How to call as it. */
  send(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** The classes it reaches in one grant action, with the action that does it. */
  edges?: Array<{ to: string; action: string }>;
}

const norm = (scopes: readonly string[]) => (scopes.includes(ALL_SCOPES) ? [ALL_SCOPES] : [...new Set(scopes)].sort());
const keyId = (scopes: readonly string[], binding: Binding) => `key:${binding}:${norm(scopes).join(',')}`;

/** Whether `reached` holds only what `start` holds, and reaches no further. */
function within(start: Node, reached: Node): boolean {
  if (!coversScopes(start.scopes, reached.scopes)) return false;
  return start.binding === 'wide' || reached.binding === start.binding;
}

/** The graph of one engine's run: the tenant, its two accounts, and every class explored so far. */
class Closure {
  readonly nodes = new Map<string, Node>();
  /** Invited users by their current role: the targets of role changes (a changed one moves). */
  private readonly pawns = new Map<Role, string[]>(ROLES.map((r) => [r, []]));
  calls = 0;

  constructor(
    private readonly t: TestApp,
    private readonly tenantId: string,
    private readonly accounts: Record<'A' | 'B', string>,
  ) {}

  keyNode(scopes: readonly string[], binding: Binding, key: string): Node {
    const id = keyId(scopes, binding);
    const existing = this.nodes.get(id);
    if (existing) return existing;
    const node: Node = {
      id,
      scopes: norm(scopes),
      binding,
      send: (method, url, body) => this.t.call(method, url, { key, ...(body !== undefined ? { body } : {}) }),
    };
    this.nodes.set(id, node);
    return node;
  }

  sessionNode(role: Role, user: Browser): Node {
    const node: Node = {
      id: `session:${role}`,
      scopes: norm(ROLE_SCOPES[role]),
      binding: 'wide',
      send: (method, url, body) => user.call(method, url, body !== undefined ? { body } : {}),
    };
    this.nodes.set(node.id, node);
    return node;
  }

  /** A start key made by the operator (or the class's node, when one was reached already). */
  async startKey(scopes: readonly string[], binding: Binding): Promise<Node> {
    const existing = this.nodes.get(keyId(scopes, binding));
    if (existing) return existing;
    const body = { tenantId: this.tenantId, scopes: norm(scopes), ...(binding === 'wide' ? {} : { accountId: this.accounts[binding] }) };
    const res = await this.t.admin('POST', '/admin/api-keys', body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return this.keyNode(scopes, binding, res.body.data.key);
  }

  /** Every class the start reaches, by breadth-first search (exploring classes not seen before); the path to each. */
  async reach(start: Node): Promise<Map<string, string[]>> {
    const paths = new Map<string, string[]>([[start.id, []]]);
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const edge of await this.explore(node)) {
        if (paths.has(edge.to)) continue;
        paths.set(edge.to, [...paths.get(node.id)!, `${node.id} → ${edge.action}`]);
        queue.push(this.nodes.get(edge.to)!);
      }
    }
    return paths;
  }

  private async explore(node: Node): Promise<Array<{ to: string; action: string }>> {
    if (node.edges) return node.edges;
    const edges: Array<{ to: string; action: string }> = [];
    if (coversScopes(node.scopes, ['apiKeys.manage'])) edges.push(...(await this.makeKeys(node)));
    if (coversScopes(node.scopes, ['users.manage'])) edges.push(...(await this.grantRoles(node)));
    node.edges = edges;
    return edges;
  }

  /** The scope sets a node tries to hand out. */
  private targets(node: Node): string[][] {
    const own = node.scopes;
    const sets: string[][] = [own, ...PROBES.map((p) => [p]), ...PROBES.filter((p) => !own.includes(p)).map((p) => [...own, p])];
    sets.push(...ROLES.map((r) => [...ROLE_SCOPES[r]]));
    const seed = [...node.id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);
    sets.push(...fc.sample(fc.subarray([...SCOPES], { minLength: 1 }), { numRuns: 3, seed }));
    const unique = new Map(sets.map((s) => [norm(s).join(','), norm(s)]));
    return [...unique.values()];
  }

  private async makeKeys(node: Node): Promise<Array<{ to: string; action: string }>> {
    const edges: Array<{ to: string; action: string }> = [];
    const tries: Array<[string[], Binding]> = this.targets(node).map((s) => [s, node.binding]);
    for (const b of ['wide', 'A', 'B'] as const) if (b !== node.binding) tries.push([node.scopes, b]);
    for (const [scopes, binding] of tries) {
      const res = await node.send('POST', '/v1/api-keys', { scopes, ...(binding === 'wide' ? {} : { accountId: this.accounts[binding] }) });
      this.calls++;
      const action = `key ${binding} [${scopes.join(',')}]`;
      assert.ok([201, 403].includes(res.status), `${node.id} ${action}: ${res.status} ${JSON.stringify(res.body)}`);
      if (res.status !== 201) continue;
      const made: Binding = res.body.data.accountId === null ? 'wide' : res.body.data.accountId === this.accounts.A ? 'A' : 'B';
      edges.push({ to: this.keyNode(res.body.data.scopes, made, res.body.data.key).id, action });
    }
    return edges;
  }

  /** An invited user of the role to change, from the pool (the operator invites one when it is empty). */
  private async pawn(role: Role): Promise<string> {
    const pool = this.pawns.get(role)!;
    if (pool.length === 0) pool.push((await invite(this.t, { tenantId: this.tenantId, email: uniqueEmail('pawn'), role })).id);
    return pool[pool.length - 1]!;
  }

  private async grantRoles(node: Node): Promise<Array<{ to: string; action: string }>> {
    const edges: Array<{ to: string; action: string }> = [];
    for (const role of ROLES) {
      const res = await node.send('POST', '/v1/users', { email: uniqueEmail('invitee'), role });
      this.calls++;
      assert.ok([201, 403].includes(res.status), `${node.id} invites ${role}: ${res.status} ${JSON.stringify(res.body)}`);
      if (res.status === 201) edges.push({ to: `session:${role}`, action: `invite ${role}` });
      for (const from of ROLES) {
        if (from === role) continue;
        const id = await this.pawn(from);
        const changed = await node.send('PATCH', `/v1/users/${id}`, { role });
        this.calls++;
        assert.ok(
          [200, 403].includes(changed.status),
          `${node.id} changes ${from} → ${role}: ${changed.status} ${JSON.stringify(changed.body)}`,
        );
        if (changed.status !== 200) continue;
        this.pawns.get(from)!.pop();
        this.pawns.get(role)!.push(id);
        edges.push({ to: `session:${role}`, action: `change ${from} → ${role}` });
      }
    }
    return edges;
  }
}

/** Starts: every subset of the grant-relevant scopes, alone and with each role's other scopes. */
function exhaustiveStarts(): string[][] {
  const starts: string[][] = [];
  for (let mask = 0; mask < 1 << GRANT_RELEVANT.length; mask++) {
    const grant = GRANT_RELEVANT.filter((_, i) => mask & (1 << i));
    for (const extra of [[], ROLE_SCOPES.viewer]) if (grant.length + extra.length > 0) starts.push([...grant, ...extra]);
  }
  return starts;
}

describeEngines('the closure of grant actions', (engine) => {
  const app = useTestApp(engine);

  it('from every role and every set of grant-relevant scopes, no sequence of grants reaches a scope the start lacked, nor another account', async (test) => {
    const t = app();
    const tenant = await t.admin('POST', '/admin/tenants', { name: 'Closure' });
    const tenantId = tenant.body.data.id as string;
    const wide = (await t.admin('POST', '/admin/api-keys', { tenantId, scopes: ['*'] })).body.data.key;
    const second = await t.call('POST', '/v1/accounts', { key: wide, body: { name: 'Second' } });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    const graph = new Closure(t, tenantId, { A: tenant.body.data.accountId, B: second.body.data.id });

    const check = async (start: Node) => {
      for (const [id, path] of await graph.reach(start)) {
        const reached = graph.nodes.get(id)!;
        assert.ok(within(start, reached), `${start.id} reaches ${id} by:\n  ${path.join('\n  ')}`);
      }
    };
    const sessions: Record<string, Node> = {};
    for (const role of ROLES) {
      const user = await member(t, tenantId, role);
      assert.deepEqual(norm(user.me.scopes), norm(ROLE_SCOPES[role]), `${role}: /auth/me says the role's scopes`);
      sessions[role] = graph.sessionNode(role, user);
    }
    for (const role of ROLES) await check(sessions[role]!);
    for (const scopes of [[ALL_SCOPES], ...exhaustiveStarts()]) {
      for (const binding of ['wide', 'A'] as const) await check(await graph.startKey(scopes, binding));
    }
    // Sampled: grant-relevant scopes with any others, tenant-wide or bound to either account.
    const sampled = fc.record({
      grant: fc.subarray([...GRANT_RELEVANT], { minLength: 1 }),
      others: fc.subarray(OTHERS),
      binding: fc.constantFrom<Binding>('wide', 'A', 'B'),
    });
    await fc.assert(
      fc.asyncProperty(sampled, async ({ grant, others, binding }) => check(await graph.startKey([...grant, ...others], binding))),
      { numRuns: 40, seed: 42 },
    );
    test.diagnostic(`${graph.nodes.size} classes of principal explored, ${graph.calls} grant calls`);
    assert.ok(graph.nodes.size > 150, `${graph.nodes.size} classes explored`);
    assert.ok(graph.calls > 1000, `${graph.calls} grant calls`);
  });
});
