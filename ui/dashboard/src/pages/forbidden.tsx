// What a role that may not do something finds at its URL: why, in its role's name, instead of a
// form every button of which the API would refuse.
import { Link } from '../router.tsx';
import { useSession } from '../session.tsx';

/** A page the role cannot use: `what` says what it would do ("create invoices"), `back` where to go instead. */
export function ForbiddenPage({ what, back }: { what: string; back: { href: string; label: string } }) {
  const { me } = useSession();
  return (
    <>
      <h1 tabIndex={-1}>Not available to your role</h1>
      <p>
        Your role ({me.user.role}) cannot {what}. An owner of the business can change your role in Settings → Users.
      </p>
      <p>
        <Link href={back.href}>{back.label}</Link>
      </p>
    </>
  );
}
