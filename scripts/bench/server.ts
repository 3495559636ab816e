// The Node host in its own process, as `npm start` runs it, for the API benchmarks.
import { spawn } from 'node:child_process';

export async function startBenchServer(port: number, env: Record<string, string>) {
  const origin = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server while it is under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'worker/hosts/node.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', BACKGROUND_INTERVAL_MS: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('server did not start');
}

export const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
