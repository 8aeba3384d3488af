// The frame of every signed-in page: header (merchant, sandbox ribbon, account, user menu) and nav.
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { useAction } from '../hooks.ts';
import { Link, useLocation } from '../router.tsx';
import { useSession } from '../session.tsx';
import { ErrorAlert } from './feedback.tsx';
import { Select } from './fields.tsx';
import { StepUpDialog } from './step-up.tsx';

/** A main page: its path, its link's text, the scopes that read it (none: always shown). */
export interface NavPage {
  href: string;
  label: string;
  scopes: string[];
}

/** The main pages, the scope that reads each (hidden when the role lacks it; the API still decides). */
const PAGES: NavPage[] = [
  { href: '/', label: 'Overview', scopes: ['balances.list'] },
  { href: '/invoices', label: 'Invoices', scopes: ['invoices.list'] },
  { href: '/payment-links', label: 'Payment links', scopes: ['invoices.list'] },
  { href: '/subscriptions', label: 'Subscriptions', scopes: ['invoices.list'] },
  { href: '/deposits', label: 'Deposits', scopes: ['deposits.list'] },
  { href: '/withdrawals', label: 'Withdrawals', scopes: ['withdrawals.list'] },
  { href: '/batches', label: 'Batch payouts', scopes: ['withdrawals.list'] },
  { href: '/payouts', label: 'Payouts', scopes: ['withdrawals.list', 'payouts.list'] },
  { href: '/conversions', label: 'Conversions', scopes: ['converting.list'] },
  { href: '/x402', label: 'x402', scopes: ['x402.list'] },
  { href: '/developers', label: 'Developers', scopes: ['apiKeys.list', 'webhooks.list', 'requestLog.list'] },
  { href: '/settings', label: 'Settings', scopes: [] },
];

function UserMenu() {
  const { me, signOut } = useSession();
  const menu = useRef<HTMLDetailsElement>(null);
  const action = useAction((everywhere: boolean) => signOut(everywhere));
  useEffect(() => {
    // A click anywhere else closes the menu, as menus do.
    const close = (e: MouseEvent) => {
      if (menu.current?.open && !menu.current.contains(e.target as Node)) menu.current.open = false;
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && menu.current?.open) {
      menu.current.open = false;
      menu.current.querySelector('summary')?.focus();
    }
  };
  return (
    <details class="user-menu" ref={menu} onKeyDown={onKeyDown}>
      <summary>
        <span class="sr-only">User menu: </span>
        {/* A phone shows the initial only (app.css), the address inside the menu. */}
        <span class="user-initial" aria-hidden="true">
          {me.user.email.charAt(0).toUpperCase()}
        </span>
        <span class="user-email">{me.user.email}</span>
      </summary>
      <div class="menu-body">
        <p class="user-who" aria-hidden="true">
          {me.user.email}
        </p>
        <p class="muted">Role: {me.user.role}</p>
        <button type="button" class="secondary" disabled={action.busy} onClick={() => action.run(false)}>
          Sign out
        </button>
        <button type="button" class="secondary" disabled={action.busy} onClick={() => action.run(true)}>
          Sign out everywhere
        </button>
        <ErrorAlert error={action.error} />
      </div>
    </details>
  );
}

function MainNav({ pages }: { pages: NavPage[] }) {
  const { can } = useSession();
  const { path } = useLocation();
  const visible = pages.filter((p) => p.scopes.length === 0 || p.scopes.some(can));
  const isCurrent = (href: string) => (href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`));
  return (
    <nav class="main-nav" aria-label="Main">
      <ul>
        {visible.map((p) => (
          <li key={p.href}>
            <Link href={p.href} aria-current={isCurrent(p.href) ? 'page' : undefined}>
              {p.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * On a phone the account switcher and the navigation fold behind a Menu button (a disclosure), so
 * the header is one row; on wider screens the button is hidden and both always show (app.css).
 * A navigation or an account switch closes it, and Escape closes it and gives the focus back to the button.
 */
function useMenu(accountId: string) {
  const { path } = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // What it opened for is done: the page (or the account it shows) changed.
  useEffect(() => setOpen(false), [path, accountId]);
  const onKeyDown = (e: KeyboardEvent) => {
    // The user menu's own Escape closes the user menu only.
    if (e.key !== 'Escape' || !open || (e.target as Element).closest('.user-menu')) return;
    setOpen(false);
    button.current?.focus();
  };
  return { open, toggle: () => setOpen(!open), onKeyDown, button };
}

/** The frame; the operator console passes its own pages and name. */
export function Layout({ children, pages = PAGES, brand }: { children: ComponentChildren; pages?: NavPage[]; brand?: string }) {
  const { me, accountId, setAccount } = useSession();
  const menu = useMenu(accountId);
  const menuId = useId();
  const foldable = pages.length > 0 || me.accounts.length > 0;
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape pressed anywhere in the open menu closes it; the keys come from the menu's own buttons and links. */}
      <header class="top" onKeyDown={menu.onKeyDown}>
        {me.mode === 'sandbox' && (
          <p class="ribbon">
            <strong>Sandbox</strong> · test money only<span class="ribbon-more">, nothing moves on a real chain</span>
          </p>
        )}
        <div class="top-row">
          {foldable && (
            <button
              type="button"
              class="menu-toggle secondary"
              ref={menu.button}
              aria-expanded={menu.open}
              aria-controls={menuId}
              onClick={menu.toggle}
            >
              <span class="menu-icon" aria-hidden="true" />
              Menu
            </button>
          )}
          <span class="merchant">{brand ?? me.tenant?.brandName ?? me.tenant?.name ?? 'Dashboard'}</span>
          <div class={`site-menu${menu.open ? ' open' : ''}`} id={menuId}>
            {me.accounts.length > 0 && (
              <Select
                class="account"
                label="Account"
                value={accountId}
                onValue={setAccount}
                options={me.accounts.map((a): [string, string] => [a.id, a.name])}
              />
            )}
            {pages.length > 0 && <MainNav pages={pages} />}
          </div>
          <UserMenu />
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <StepUpDialog />
    </>
  );
}
