/**
 * Tenant themes (SPEC §1), chosen by the runtime config's `theme`. A theme sets the brand name,
 * the colours and the logo; an operator's own site (london-express, shohagh, hanif) also shows
 * only that operator's trips. SPEC does not say how a theme changes the product: this is our
 * reading, written down here and in DESIGN's app section.
 */

export interface Theme {
  id: string;
  brandName: string;
  /** The operator whose site this is: trip lists show only its trips. */
  operatorId: string | null;
  /** Served from app/public/logos/. */
  logo: string;
  colors: {
    brand: string;
    brandDark: string;
    accent: string;
    /** Text on the brand colour. */
    onBrand: string;
  };
}

/** Every theme; the build writes a web app manifest for each (build/pwa.ts). */
export const themes: readonly Theme[] = [
  {
    id: 'intercity',
    brandName: 'Intercity',
    operatorId: null,
    logo: '/logos/intercity.svg',
    colors: { brand: '#0b6e4f', brandDark: '#084c37', accent: '#f2a900', onBrand: '#ffffff' },
  },
  {
    id: 'intercity-v2',
    brandName: 'Intercity',
    operatorId: null,
    logo: '/logos/intercity-v2.svg',
    colors: { brand: '#1b4f9c', brandDark: '#123a75', accent: '#ff7a45', onBrand: '#ffffff' },
  },
  {
    id: 'paribahan',
    brandName: 'Paribahan',
    operatorId: null,
    logo: '/logos/paribahan.svg',
    colors: { brand: '#b3261e', brandDark: '#7f1a15', accent: '#ffc94d', onBrand: '#ffffff' },
  },
  {
    id: 'london-express',
    brandName: 'London Express',
    operatorId: 'op-london-express',
    logo: '/logos/london-express.svg',
    colors: { brand: '#1f2a60', brandDark: '#141c42', accent: '#d7263d', onBrand: '#ffffff' },
  },
  {
    id: 'shohagh',
    brandName: 'Shohagh Paribahan',
    operatorId: 'op-shohagh',
    logo: '/logos/shohagh.svg',
    colors: { brand: '#6a1b4d', brandDark: '#4a1236', accent: '#f5a623', onBrand: '#ffffff' },
  },
  {
    id: 'hanif',
    brandName: 'Hanif Enterprise',
    operatorId: 'op-hanif',
    logo: '/logos/hanif.svg',
    colors: { brand: '#0d47a1', brandDark: '#08306b', accent: '#ffd600', onBrand: '#ffffff' },
  },
];

/** The theme named `id`; an unknown name gets the default (intercity). */
export function themeFor(id: string): Theme {
  return themes.find((theme) => theme.id === id) ?? (themes[0] as Theme);
}

/** Puts the theme's colours on the page (CSS custom properties; no <style> element: CSP). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme.id;
  root.style.setProperty('--brand', theme.colors.brand);
  root.style.setProperty('--brand-dark', theme.colors.brandDark);
  root.style.setProperty('--accent', theme.colors.accent);
  root.style.setProperty('--on-brand', theme.colors.onBrand);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.colors.brand);
  // The installed app takes the configured theme's name, colours and icons (build/pwa.ts).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest/${theme.id}.webmanifest`);
}
