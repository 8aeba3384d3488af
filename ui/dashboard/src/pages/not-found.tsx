import { Link } from '../router.tsx';

export function NotFoundPage() {
  return (
    <>
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        There is no such page. <Link href="/">Back to the overview</Link>
      </p>
    </>
  );
}
