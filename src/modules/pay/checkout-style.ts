/**
 * The payment page's CSS, inlined under the page's nonce (no external stylesheet, no web fonts).
 * The accent's variables (--accent, --on-accent, --accent-ink, --accent-edge) default to the page's
 * blue here and are set again after it from the merchant's colour (`brand.ts: accentCss`).
 */
export const STYLE = `
:root{--bg:#f4f5f7;--card:#fff;--ink:#16181d;--muted:#5d6470;--line:#e4e7ec;--accent:#2f5bea;--on-accent:#fff;--accent-ink:#2f5bea;--accent-edge:#2f5bea;--ok:#0b6b39;--warn:#934a04;--bad:#c0262d;--radius:14px}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:440px;margin:0 auto;padding:16px}
.card{background:var(--card);border-radius:var(--radius);box-shadow:0 1px 2px rgba(16,24,40,.06),0 4px 16px rgba(16,24,40,.06);padding:20px;margin-bottom:12px}
.topbar{display:flex;justify-content:space-between;align-items:center;flex-wrap:wrap;gap:8px 12px;margin:0 0 12px}
.brand{display:flex;align-items:center;gap:10px;min-width:0}
.logo{width:40px;height:40px;object-fit:contain;border-radius:8px;flex:none}
.merchant{font-weight:700;font-size:16px;color:var(--accent-ink);overflow-wrap:anywhere}
.lang{display:flex;align-items:center;gap:6px;font-size:13px;color:var(--muted);margin-left:auto}
.lang select{font:inherit;color:var(--ink);background:#fff;border:1px solid #767d89;border-radius:8px;padding:5px 8px;max-width:150px}
.summary{border-top:4px solid var(--accent)}
:focus-visible{outline:2px solid var(--accent-ink);outline-offset:2px}
h1{font-size:28px;margin:0;letter-spacing:-.01em}
.ref{color:var(--muted);font-size:13px;margin-top:2px}
.desc{margin:10px 0 0}
.items{list-style:none;padding:0;margin:12px 0 0;border-top:1px solid var(--line)}
.items li{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-bottom:1px solid var(--line);font-size:14px}
.row{display:flex;justify-content:space-between;align-items:center;gap:8px}
.badge{display:inline-block;border-radius:999px;padding:3px 10px;font-size:12px;font-weight:600;background:#eef1f6;color:var(--muted)}
.badge.processing{background:#fff4e5;color:var(--warn)}
.badge.paid,.badge.overpaid{background:#e7f6ee;color:var(--ok)}
.badge.expired,.badge.cancelled,.badge.failed,.badge.suspended,.badge.partially_paid{background:#fdecec;color:var(--bad)}
.countdown{font-variant-numeric:tabular-nums;font-size:13px;color:var(--muted)}
h2{font-size:15px;margin:0 0 10px}
h1[tabindex],h2[tabindex]{outline-offset:4px}
.option{display:flex;align-items:center;gap:10px;width:100%;padding:10px 12px;margin:0 0 6px;border:1px solid var(--line);border-radius:10px;background:#fff;font:inherit;color:inherit;cursor:pointer;text-align:left}
.option:hover:not(:disabled),.option[aria-current]{border-color:var(--accent-edge)}
.option:disabled{opacity:.5;cursor:not-allowed}
.option img{width:28px;height:28px;flex:none}
.option .text{flex:1;min-width:0;display:flex;flex-direction:column}
.option .name{font-weight:600}
.option .meta{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 10px;font-size:13px;color:var(--muted)}
.option .est{font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.tag{font-size:12px;font-weight:600;color:var(--accent-ink);margin-left:6px}
.amount{font-size:22px;line-height:1.3;font-weight:700;font-variant-numeric:tabular-nums;overflow-wrap:anywhere;margin:4px 0 2px}
.amount.long{font-size:18px}
.warn{background:#fff4e5;color:var(--warn);border-radius:10px;padding:10px 12px;font-size:13px;margin:0 0 10px}
#detTitle{font-size:22px;margin:4px 0 0}
.confirmations{font-size:17px;font-weight:600;margin:8px 0 0}
.tx .label{display:block}
.hash{display:block;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px;word-break:break-all}
.txline{display:block}
.receipt{text-align:left;border-top:1px solid var(--line);margin-top:16px;padding-top:12px}
.receipt dl{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.4fr);gap:6px 14px;margin:0;font-size:14px}
.receipt dt{color:var(--muted)}
.receipt dd{margin:0;text-align:right;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
.small{font-size:13px;color:var(--muted)}
.qr{display:block;margin:14px auto;width:220px;height:220px;image-rendering:pixelated}
.field{display:flex;gap:8px;align-items:center;margin-top:8px}
.field input{flex:1;min-width:0;font:inherit;color:var(--ink);background:#fff;border:1px solid #767d89;border-radius:8px;padding:8px 10px}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;background:#f6f7f9;border:1px solid var(--line);border-radius:8px;padding:8px 10px;flex:1;word-break:break-all}
button.btn,a.btn{display:inline-flex;justify-content:center;align-items:center;border:0;border-radius:10px;padding:10px 14px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none;background:var(--accent);color:var(--on-accent);box-shadow:inset 0 0 0 1px var(--accent-edge)}
button.ghost{background:#eef1f6;color:var(--ink);box-shadow:none}
.wide{width:100%;margin-top:12px}
.progress{height:6px;background:#eef1f6;border-radius:99px;overflow:hidden;margin-top:10px}
.progress>div{height:100%;background:var(--ok);width:0}
.error{background:#fdecec;color:var(--bad);border-radius:10px;padding:10px 12px;margin-bottom:12px}
.notice{position:sticky;top:0;z-index:1;margin:0}
.notice:not(:empty){background:#fff4e5;color:var(--warn);border-radius:10px;padding:10px 12px;margin-bottom:12px;font-weight:600;box-shadow:0 1px 2px rgba(16,24,40,.06)}
.sandbox{border:2px dashed #c9a227;background:#fffbea}
.ribbon{margin:0;padding:8px 12px;text-align:center;font-weight:700;font-size:13px;letter-spacing:.04em;background:#7a4d00;color:#fff}
.sandbox .grid{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin-top:10px}
.outcome{text-align:center}
.outcome .icon{font-size:44px;line-height:1}
.hidden{display:none!important}
footer{text-align:center;font-size:12px;color:var(--muted);margin:16px 0}
@media (min-width:720px){main{padding-top:48px}}
`;
