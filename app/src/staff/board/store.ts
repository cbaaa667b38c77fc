/**
 * What a boarding phone keeps (issue 36). Its enrolment (device id and key) in localStorage; the
 * packs of the trips it boards, and the scans not yet uploaded, in IndexedDB, so the door keeps
 * working with no network and nothing scanned is lost when the page closes. A pack goes when its
 * trip's boarding closes; everything goes when the device is revoked.
 */
import { clear, createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import type { BoardingScan, EnrolledDevice, ScanAnswer, TripPack } from 'core-wasm/staff';

const DEVICE = 'board.device';

export interface Device {
  id: string;
  /** `id:key`, the `Device-Key` header. */
  key: string;
  name: string;
  operatorId: string;
}

/** A trip this phone boards: its pack and the PNRs this phone let on. */
export interface KeptTrip {
  pack: TripPack;
  admitted: string[];
}

/** A scan waiting for the network, with what the phone said at the door. */
export interface QueuedScan {
  scan: BoardingScan;
  local: ScanAnswer;
}

export const device = {
  get(): Device | null {
    try {
      const kept = localStorage.getItem(DEVICE);
      return kept ? (JSON.parse(kept) as Device) : null;
    } catch {
      return null;
    }
  },
  set(enrolled: EnrolledDevice): Device {
    const kept: Device = { id: enrolled.device.id, key: enrolled.deviceKey, name: enrolled.device.name, operatorId: enrolled.device.operatorId };
    localStorage.setItem(DEVICE, JSON.stringify(kept));
    return kept;
  },
};

let tripStore: UseStore | null = null;
let queueStore: UseStore | null = null;
const trips = () => (tripStore ??= createStore('board-trips', 'trips'));
const queue = () => (queueStore ??= createStore('board-queue', 'scans'));

/** Keeps a fresh pack, with what this phone admitted before. */
export async function keepPack(pack: TripPack): Promise<KeptTrip> {
  const old = await get<KeptTrip>(pack.trip.id, trips());
  const kept: KeptTrip = { pack, admitted: old?.admitted ?? [] };
  await set(pack.trip.id, kept, trips());
  return kept;
}

export function keptTrip(tripId: string): Promise<KeptTrip | undefined> {
  return get<KeptTrip>(tripId, trips());
}

export function keptTrips(): Promise<KeptTrip[]> {
  return values<KeptTrip>(trips());
}

export async function admit(tripId: string, pnr: string): Promise<void> {
  const kept = await get<KeptTrip>(tripId, trips());
  if (kept && !kept.admitted.includes(pnr)) await set(tripId, { ...kept, admitted: [...kept.admitted, pnr] }, trips());
}

/** A trip whose boarding closed: its pack is wiped (its scans still upload). */
export function dropTrip(tripId: string): Promise<void> {
  return del(tripId, trips());
}

export function queueScan(scan: QueuedScan): Promise<void> {
  return set(scan.scan.nonce, scan, queue());
}

/** Queued scans, oldest first. */
export async function queuedScans(): Promise<QueuedScan[]> {
  return (await values<QueuedScan>(queue())).sort((a, b) => a.scan.scannedAt - b.scan.scannedAt);
}

export function settle(nonce: string): Promise<void> {
  return del(nonce, queue());
}

/** A revoked phone keeps nothing: packs, queue and enrolment go. */
export async function wipe(): Promise<void> {
  localStorage.removeItem(DEVICE);
  await Promise.all([clear(trips()), clear(queue())]);
}
