/**
 * One layout for every mail: plain text, and simple HTML with inline styles only. Nothing is
 * loaded from elsewhere: the brand's logo travels in the mail as an inline attachment (`cid:`), so a
 * mail client shows it without fetching anything and no one learns when the mail was opened.
 */
import { accentPalette } from '../pay/accent.ts';

/** The sender's brand at the top of a mail. */
export interface MailBrand {
  name: string;
  /** `#rrggbb`, or null for the default colour. */
  color: string | null;
  /** Whether the tenant's logo is attached (as `LOGO_CID`). */
  logo: boolean;
}

/** What a mail says, before it is laid out. */
export interface MailContent {
  /** The language of the text (the HTML's `lang`). */
  lang: string;
  brand: MailBrand;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Label and value pairs: amounts, references, times. */
  rows: Array<[string, string]>;
  link?: { label: string; url: string };
  footer: string;
}

/** A laid-out mail, as a job stores it. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The content id the HTML names the attached logo by. */
export const LOGO_CID = 'logo@cryptogate';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function textOf(c: MailContent): string {
  const width = Math.max(0, ...c.rows.map(([label]) => label.length));
  return [
    c.brand.name,
    '',
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...c.rows.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`),
    ...(c.rows.length ? [''] : []),
    ...(c.link ? [`${c.link.label}: ${c.link.url}`, ''] : []),
    '-- ',
    c.footer,
    '',
  ].join('\n');
}

function htmlOf(c: MailContent): string {
  const p = accentPalette(c.brand.color);
  const logo = c.brand.logo
    ? `<img src="cid:${LOGO_CID}" alt="" height="40" style="height:40px;vertical-align:middle;margin-right:12px">`
    : '';
  const rows = c.rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const link = c.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.link.url)}" style="background:${p.accent};color:${p.onAccent};padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(c.link.label)}</a></p>`
    : '';
  return [
    `<!doctype html><html lang="${escapeHtml(c.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1a1a1a">',
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
    `<div style="background:${p.accent};color:${p.onAccent};padding:16px 20px;border-radius:8px 8px 0 0;font-size:18px;font-weight:600">${logo}${escapeHtml(c.brand.name)}</div>`,
    '<div style="background:#fff;padding:20px;border-radius:0 0 8px 8px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(c.heading)}</h1>`,
    ...c.paragraphs.map((para) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(para)}</p>`),
    rows ? `<table role="presentation" style="border-collapse:collapse;margin:12px 0">${rows}</table>` : '',
    link,
    '</div>',
    `<p style="font-size:12px;color:#666;margin:16px 4px">${escapeHtml(c.footer)}</p>`,
    '</div></body></html>',
  ].join('');
}

/** The mail as text and HTML, with its subject. */
export function renderMail(c: MailContent): RenderedMail {
  return { subject: c.subject, text: textOf(c), html: htmlOf(c) };
}
