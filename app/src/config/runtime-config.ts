/**
 * Runtime configuration: what the server tells the site at start-up (`GET /api/config`), so one
 * build of `app/dist` serves every deployment and theme without a rebuild.
 *
 * It is read and checked once, at start-up (see main.tsx); a config the site cannot work with is
 * an error shown on the error page, not a half-working site.
 */

export interface RuntimeConfig {
  /** Origin of the ticket API; '' when it is mounted in the site's own server (the default). */
  ticketApiUrl: string;
  /** Tenant theme (intercity, intercity-v2, paribahan, ...). */
  theme: string;
  /** Helpline phone number shown in the header and footer (SPEC §9). */
  helpline: string;
  /** Demo mode: the site says so, and no real money moves. */
  demo: boolean;
  /** Support e-mail shown in the footer; '' when the server sends none. */
  supportEmail: string;
  /** Office address shown in the footer; '' when the server sends none. */
  officeAddress: string;
  /** URL of a live-chat script, loaded after the page; null for none. */
  liveChatSrc: string | null;
  /** The external Rental site linked from the top bar; null hides the link. */
  rentalUrl: string | null;
  /** Prefix of offer, promo, banner and logo image paths (a path on this site or a URL). */
  imageBase: string;
}

export const CONFIG_PATH = '/api/config';

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(json: Record<string, unknown>, key: string): string | null {
  const value = json[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    throw new RuntimeConfigError(`runtime config: '${key}' must be a string or null, got ${JSON.stringify(value)}`);
  }
  return value === '' ? null : value;
}


function field<T>(json: Record<string, unknown>, key: string, type: 'string' | 'boolean'): T {
  const value = json[key];
  if (typeof value !== type) {
    throw new RuntimeConfigError(`runtime config: '${key}' must be a ${type}, got ${JSON.stringify(value)}`);
  }
  return value as T;
}

/** Checks the server's JSON; unknown keys are ignored so the server can add keys first. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  if (!isRecord(json)) {
    throw new RuntimeConfigError('runtime config: expected a JSON object');
  }
  return {
    // The server sends null when the ticket API is served from the site's own origin.
    ticketApiUrl: json.ticketApiUrl === null ? '' : field<string>(json, 'ticketApiUrl', 'string'),
    theme: field<string>(json, 'theme', 'string'),
    helpline: field<string>(json, 'helpline', 'string'),
    demo: field<boolean>(json, 'demo', 'boolean'),
    // Keys a server may not send yet get the defaults the server itself documents.
    supportEmail: optionalString(json, 'supportEmail') ?? '',
    officeAddress: optionalString(json, 'officeAddress') ?? '',
    liveChatSrc: optionalString(json, 'liveChatSrc'),
    rentalUrl: optionalString(json, 'rentalUrl'),
    imageBase: optionalString(json, 'imageBase') ?? '/images/',
  };
}

/** Fetches and checks the runtime config. */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  // No extra headers: index.html preloads this URL (`as="fetch"`), and only a plain same-origin
  // GET reuses the preloaded answer.
  const response = await fetchFn(CONFIG_PATH, { credentials: 'same-origin' });
  if (!response.ok) {
    throw new RuntimeConfigError(`runtime config: GET ${CONFIG_PATH} answered ${response.status}`);
  }
  return parseRuntimeConfig(await response.json());
}
