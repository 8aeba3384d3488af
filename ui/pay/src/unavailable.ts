// Entry point of the script of the "try again in a moment" page, served while the database is
// unreachable: it asks again by itself (HEAD of the page, the database lookup the page needs),
// backing off to 15 s, and loads the page once the answer is no longer "unavailable". The page's
// link does the same by hand, also without scripts.
import { AWAY } from './away.ts';

let wait = Number(document.body.dataset.retryAfter) * 1000 || 5000;

async function check(): Promise<void> {
  try {
    const res = await fetch(location.href, { method: 'HEAD', cache: 'no-store' });
    if (!AWAY.includes(res.status)) {
      location.reload();
      return;
    }
  } catch {
    // no answer at all: ask again later
  }
  wait = Math.min(15000, wait * 1.5);
  setTimeout(() => void check(), wait);
}

setTimeout(() => void check(), wait);
