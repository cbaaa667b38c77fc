/**
 * A GET whose answer is a file (the ticket PDF), which the core's client cannot give: it answers
 * JSON only. A plain fetch with the client's bearer token. Getting a token stays the client's
 * work (its only 401 re-authentication): with no token, or when the file is refused with 401, a
 * call through the client to `tokenPath` (any cheap GET) has it fetch a new one, and the file is
 * asked for once more. The answer is returned as it came; a failure is the caller's to read.
 */
import { apiGet, tokenCookie } from '@/api/api-client';

export async function apiGetFile(base: string, path: string, tokenPath: string): Promise<Response> {
  const renew = () => apiGet(base, tokenPath).catch(() => undefined);
  const send = () => {
    const token = tokenCookie();
    return fetch(`${base}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  };
  if (!tokenCookie()) await renew();
  const response = await send();
  if (response.status !== 401) return response;
  await renew();
  return send();
}
