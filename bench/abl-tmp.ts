import { startPitwallFixture } from './lib/pitwall-fixture.ts';
import { startBareServer } from './lib/bare-server.ts';
import { loadTest } from './lib/load.ts';
const url = 'postgres://postgres@127.0.0.1:5432/test';
const fixture = await startPitwallFixture({ kind: 'postgres', url }, 50);
const bare = await startBareServer({ databaseUrl: fixture.databaseUrl, shared: fixture.db, userId: fixture.userId });
const carId = fixture.carIds[0]!;
const headers = { cookie: fixture.cookie };
const out: Record<string, number[]> = { bare: [], pitwall: [], bareRps: [], pitwallRps: [] };
for (let i = 0; i < 4; i++) {
  for (const [name, u] of [['bare', `${bare.url}/bare/cars/${carId}/gear-ratios`], ['pitwall', `${fixture.url}/api/cars/${carId}/gear-ratios`]] as const) {
    await loadTest(u, { connections: 10, seconds: 1, headers });
    const t0 = process.cpuUsage();
    const r = await loadTest(u, { connections: 50, seconds: 5, headers });
    const cpu = process.cpuUsage(t0);
    out[name]!.push(Math.round((cpu.user + cpu.system) / r.requests)); out[name + 'Rps']!.push(Math.round(r.requestsPerSecond));
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(process.env.LABEL, 'cpu µs/req bare', med(out.bare!), 'pitwall', med(out.pitwall!), 'rps ratio', (med(out.pitwallRps!)! / med(out.bareRps!)!).toFixed(2), JSON.stringify(out));
await bare.close(); await fixture.close();
