/**
 * Sends the queued scans when the network is there (issue 36), oldest first, each once: the
 * server keeps a scan once per nonce, so a scan whose answer was lost is sent again safely. A
 * later scan that another phone beat (both admitted one ticket offline) comes back `duplicate`
 * and is flagged to the supervisor; a revoked phone is wiped.
 */
import type { ScanAnswer } from 'core-wasm/staff';
import { StaffError, devicePost } from '@/staff/api';
import { queuedScans, settle, wipe, type Device } from '@/staff/board/store';

export interface Uploaded {
  sent: number;
  /** Scans this phone let on that an earlier scan elsewhere had boarded. */
  flagged: ScanAnswer[];
  /** Scans the server refused outright (what the phone could not know offline). */
  refused: ScanAnswer[];
  /** The device was revoked: everything it kept is gone. */
  revoked: boolean;
}

let running: Promise<Uploaded> | null = null;

/** Uploads the queue; one upload at a time (a second call waits for the first's result). */
export function uploadQueued(device: Device | null): Promise<Uploaded> {
  running ??= upload(device).finally(() => (running = null));
  return running;
}

async function upload(device: Device | null): Promise<Uploaded> {
  const done: Uploaded = { sent: 0, flagged: [], refused: [], revoked: false };
  for (const queued of await queuedScans()) {
    try {
      const key = queued.scan.deviceId ? (device?.key ?? null) : null;
      const answer = await devicePost<ScanAnswer>('boarding/scan', queued.scan, key);
      await settle(queued.scan.nonce);
      done.sent += 1;
      if (answer.result === 'duplicate' && queued.local.result === 'boarded') done.flagged.push(answer);
      if (answer.result === 'refused' && queued.local.result !== 'refused') done.refused.push(answer);
    } catch (error) {
      if (error instanceof StaffError && error.code === 'boarding.deviceKey') {
        await wipe();
        return { ...done, revoked: true };
      }
      // A scan the server can never take (its nonce reused, a trip gone) is dropped; a
      // network, server or login failure waits for the next try.
      const final = error instanceof StaffError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 408 && error.status !== 429;
      if (!final) break;
      console.warn('a queued scan was refused and dropped', queued.scan.nonce, error);
      await settle(queued.scan.nonce);
    }
  }
  return done;
}
