// Entry point of the bundle (src/modules/dashboard/bundle.ts builds it with esbuild).
import { render } from 'preact';
import { App } from './app.tsx';

const root = document.getElementById('app')!;
root.textContent = '';
render(<App />, root);
