// `npm run -s config:docs`: renders docs/configuration.md's tables from src/config/settings.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
const { withSettingsTables } = await import('../src/config/settings-doc.ts');
const file = new URL('../docs/configuration.md', import.meta.url);
writeFileSync(file, withSettingsTables(readFileSync(file, 'utf8')));
