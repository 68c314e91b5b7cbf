import { benchMonitor } from './monitor';
const g = globalThis as any;
g.__T = {};
const r = await benchMonitor();
console.log(r.first.ms, r.firstFloorMs, r.extractFloorMs, JSON.stringify(g.__T, (k, v) => typeof v === 'number' ? Math.round(v) : v));
