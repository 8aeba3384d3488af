/**
 * The dashboard's one HTML document, the same for every page (the script routes by the URL):
 * no inline script or style, so the CSP needs no 'unsafe-inline'. It names the build's files by
 * their hashed names (`routes.ts` serves those as immutable), so it is itself never cached.
 */
export function dashboardShell(files: { js: string; css: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>Dashboard</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard/assets/${files.css}">
<script src="/dashboard/assets/${files.js}" defer></script>
</head>
<body>
<div id="app"><main class="boot"><h1>Dashboard</h1><p>Loading…</p><noscript><p>The dashboard needs JavaScript enabled.</p></noscript></main></div>
</body>
</html>
`;
}

/** The dashboard's policy: its own script, style sheet and API only; images also as data: URLs (logo, QR codes). */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
