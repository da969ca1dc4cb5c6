import 'antd/dist/reset.css';
// Initialises i18next (and dayjs' locale) before anything renders.
import '@/lib/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const root = createRoot(container);
// A transition, so React renders in slices and yields to the browser in between (input, paint)
// instead of blocking the main thread for the whole first render.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
