// A boarding phone's check of one scan (issue 36), as the door page makes it: the staff wasm's
// BoardingDoor, made once from the trip's pack (600 tickets of a launch), then its check for each
// scan, in Node's V8 (the engine of the phone's Chromium). The budget is 5 ms on a phone at 4x CPU slowdown: the figure
// here times four is that estimate (Chromium's CPU throttle slows the page by the same factor).
// Run by tests/load/boarding-bench.sh (node --experimental-wasm-modules).
import { readFileSync } from 'node:fs';
import { BoardingDoor } from '../../pkg/staff/core_wasm_staff.js';

const vectors = JSON.parse(readFileSync(new URL('../vectors/boarding.verify.json', import.meta.url), 'utf8'));
const [code, keys, , tripId, now] = vectors.cases[0].args;
const seatOrder = Array.from({ length: 4096 }, (_, i) => `S${String(i).padStart(4, '0')}`);
const tickets = Array.from({ length: 600 }, (_, i) => ({
  pnr: `P${String(i).padStart(7, '2').replace(/[01]/g, '9')}`,
  seats: [seatOrder[i]],
  passengerName: i % 2 ? 'Mohammad Abdul Karim' : 'মোছাম্মৎ রহিমা খাতুন',
  boardingPoint: 'Sadarghat Launch Terminal',
  status: 'booked',
}));
const pack = {
  trip: { id: tripId, service: 'LAUNCH', operatorName: 'Sundarban', routeName: 'Dhaka - Barishal', departs: '2026-12-12 20:30', vehicle: 'MV Sundarban-10', capacity: 640, cutoffMinutes: 15 },
  keys,
  revoked: Array.from({ length: 30 }, (_, i) => `R${String(i).padStart(7, '3')}`),
  seatOrder,
  tickets,
  madeAt: now,
};
const opened = performance.now();
const door = new BoardingDoor(pack, []);
const open = performance.now() - opened;
const answer = door.check(code, now);
if (answer.result !== 'boarded') throw new Error(`the vector's code did not board: ${JSON.stringify(answer)}`);
for (let i = 0; i < 50; i++) door.check(code, now);
const rounds = 500;
const started = performance.now();
for (let i = 0; i < rounds; i++) door.check(code, now);
const per = (performance.now() - started) / rounds;
console.log(`door, wasm in V8: the 600-ticket pack read in ${open.toFixed(1)} ms, once per pack`);
const phone = per * 4;
console.log(`verify, wasm in V8: ${per.toFixed(2)} ms a scan with a 600-ticket pack; x4 (a phone at 4x CPU): ${phone.toFixed(2)} ms (${phone <= 5 ? 'within' : 'OVER'} the 5 ms budget)`);
