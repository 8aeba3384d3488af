// Entry point of the bundle (src/modules/dashboard/bundle.ts builds it with esbuild).
import { render } from 'preact';
import { App } from './app.tsx';

const root = document.getElementById('app');
if (!root) throw new Error('the page has no #app to render into');
root.textContent = '';
render(<App />, root);
