import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { currentLogin } from '@/lib/login';

/**
 * SPEC §2 "Route guard" around a page that needs a login: a visitor who arrives without one is
 * sent to `/`, the wanted URL remembered as the callback (`/?callback=%2Faccount`), where the
 * login popup opens and, once logged in, brings them back (login-popup.tsx). Checked as the page
 * is entered: a login that ends while the page is open keeps the page, and the popup asks for a
 * new one (api/api-client.ts).
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const [entered] = useState(() => currentLogin() !== null);
  return entered ? children : <Navigate to={`/?callback=${encodeURIComponent(pathname + search)}`} replace />;
}
