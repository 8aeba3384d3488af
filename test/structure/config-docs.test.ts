import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config.ts';
import { int } from '../../src/config/env.ts';
import { withSettingsTables } from '../../src/config/settings-doc.ts';
import { NETWORK_SETTINGS, SETTINGS } from '../../src/config/settings.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The sources that read settings: src/config.ts and src/config/, less the registry itself. */
function readers(): string {
  const dir = `${ROOT}src/config/`;
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.startsWith('settings'));
  return [readFileSync(`${ROOT}src/config.ts`, 'utf8'), ...files.map((f) => readFileSync(dir + f, 'utf8'))].join('\n');
}

describe('settings: one declaration per environment variable', () => {
  it('docs/configuration.md shows the tables rendered from src/config/settings.ts (npm run -s config:docs)', () => {
    const doc = readFileSync(`${ROOT}docs/configuration.md`, 'utf8');
    assert.equal(doc, withSettingsTables(doc), 'docs/configuration.md is stale: run npm run -s config:docs');
  });

  it('every declared variable is read by the configuration', () => {
    const src = readers();
    for (const row of SETTINGS)
      for (const name of Object.keys(row.vars)) assert.ok(src.includes(`'${name}'`), `${name} is declared but never read`);
    for (const row of NETWORK_SETTINGS) assert.ok(src.includes(`\${net}_${row.name}\``), `<NET>_${row.name} is declared but never read`);
  });

  it('a variable that is not declared cannot be read', () => {
    assert.throws(() => int({ NOT_A_SETTING: '5' }, 'NOT_A_SETTING'), /NOT_A_SETTING is not a setting/);
  });

  it('an unset variable takes the declared default, and the environment overrides it', () => {
    const defaults = loadConfig({});
    const declared = (name: string) => SETTINGS.find((r) => name in r.vars)!.vars[name];
    assert.equal(String(defaults.port), declared('PORT'));
    assert.equal(String(defaults.http.maxConnectionsPerIp), declared('HTTP_MAX_CONNECTIONS_PER_IP'));
    assert.equal(String(defaults.retention.webhookDays), declared('WEBHOOK_RETENTION_DAYS'));
    assert.equal(defaults.chains.BNB.replaceAfterBlocks, 15);
    assert.equal(loadConfig({ PORT: '9090', BNB_REPLACE_AFTER_BLOCKS: '4' }).port, 9090);
    assert.equal(loadConfig({ BNB_REPLACE_AFTER_BLOCKS: '4' }).chains.BNB.replaceAfterBlocks, 4);
  });
});
