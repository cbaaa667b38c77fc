import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadRuntimeConfig } from '@/config/runtime-config';
import '@/styles/global.css';

// Started before the first render so the request overlaps with React's start-up.
const config = loadRuntimeConfig();
// A failed load is shown by the error page when a component reads the config; this only keeps
// the browser from also reporting it as an unhandled rejection before then.
config.catch(() => {});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <App config={config} />
  </StrictMode>,
);
