/**
 * The back office's site (issue 35): its own page (staff.html) and bundle. Nothing here is
 * loaded by the traveller's pages, and nothing of the traveller's site but its seat buttons
 * (the layout preview) and React is loaded here.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StaffApp } from '@/staff/app';
import { workOffline } from '@/staff/offline';
import '@/styles/global.css';
import '@/features/seat-plan/seat-plan.css';
// Bengali letters in Noto Sans Bengali (fetched only when a Bengali letter shows: unicode-range).
import '@/i18n/bn/bn.css';
import '@/staff/staff.css';

const root = document.getElementById('root');
if (!root) throw new Error('staff.html has no #root');
workOffline();
createRoot(root).render(
  <StrictMode>
    <StaffApp />
  </StrictMode>,
);
