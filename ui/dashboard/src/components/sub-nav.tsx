// The sections of a page (Developers, Settings) as links, so each has its own URL.
import { Link, useLocation } from '../router.tsx';

export function SubNav({ label, items }: { label: string; items: Array<{ href: string; label: string }> }) {
  const { path } = useLocation();
  return (
    <nav class="sub-nav" aria-label={label}>
      <ul>
        {items.map((i) => (
          <li key={i.href}>
            <Link href={i.href} aria-current={path === i.href ? 'page' : undefined}>
              {i.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
