/**
 * The dashboard's one HTML document, the same for every page (the script routes by the URL):
 * no inline script or style, so the CSP needs no 'unsafe-inline'.
 */
export const DASHBOARD_SHELL = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>Dashboard</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard/assets/app.css">
<script src="/dashboard/assets/app.js" defer></script>
</head>
<body>
<div id="app"><main class="boot"><h1>Dashboard</h1><p>Loading…</p><noscript><p>The dashboard needs JavaScript enabled.</p></noscript></main></div>
</body>
</html>
`;

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
