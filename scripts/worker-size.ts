// Prints the size of the bundled worker, raw and gzipped (Workers' limit applies to the compressed upload).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const outDir = path.resolve(process.argv[2] ?? 'dist-worker');
const files = (await readdir(outDir, { recursive: true })).filter((f) => /\.(m?js|wasm)$/.test(f));
let raw = 0;
let gz = 0;
for (const f of files) {
  const bytes = await readFile(path.join(outDir, f));
  raw += bytes.length;
  gz += gzipSync(bytes, { level: 9 }).length;
  console.log(`${f.padEnd(40)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KiB  gz ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1).padStart(7)} KiB`);
}
console.log(`worker bundle: ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzipped (${files.length} files)`);
