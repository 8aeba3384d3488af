/** docs/configuration.md's tables, rendered from settings.ts so that each default is written once. */
import { NETWORK_SETTINGS, SETTINGS, type SettingRow } from './settings.ts';

const code = (s: string) => `\`${s}\``;

function defaultCell(row: SettingRow): string {
  if (row.shown) return row.shown;
  const values = Object.values(row.vars);
  return values.every((v) => v === null) ? 'unset' : values.map((v) => (v === null ? 'unset' : code(v))).join(', ');
}

function networkDefault(row: (typeof NETWORK_SETTINGS)[number]): string {
  if (row.shown) return row.shown;
  if (!row.defaults) return 'unset';
  return Object.entries(row.defaults)
    .flatMap(([net, v]) => (v === undefined ? [] : [`${code(v)} ${net}`]))
    .join(', ');
}

/** The two Markdown tables: the installation's settings, then each network's. */
export function renderSettingsTables(): string {
  const main = SETTINGS.map((row) => `| ${Object.keys(row.vars).map(code).join(', ')} | ${defaultCell(row)} | ${row.doc} |`);
  const nets = NETWORK_SETTINGS.map((row) => `| ${code(`<NET>_${row.name}`)} | ${networkDefault(row)} | ${row.doc} |`);
  return [
    '| variable | default | meaning |',
    '|---|---|---|',
    ...main,
    '',
    'Per network, with `<NET>` one of `BTC`, `ETHEREUM`, `BNB`, `BASE`, `TRON`:',
    '',
    '| variable | default | meaning |',
    '|---|---|---|',
    ...nets,
  ].join('\n');
}

export const TABLES_BEGIN = '<!-- settings: generated from src/config/settings.ts by `npm run -s config:docs`; do not edit -->';
export const TABLES_END = '<!-- settings: end -->';

/** The document with its generated part replaced by the current tables. */
export function withSettingsTables(doc: string): string {
  const a = doc.indexOf(TABLES_BEGIN);
  const b = doc.indexOf(TABLES_END);
  if (a < 0 || b < a) throw new Error('docs/configuration.md lacks the settings markers');
  return `${doc.slice(0, a + TABLES_BEGIN.length)}\n${renderSettingsTables()}\n${doc.slice(b)}`;
}
