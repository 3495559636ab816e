/**
 * The Montonio stand-in (./montonio.ts) as a process of its own, for Playwright (playwright.config.ts starts it
 * beside the server, whose MONTONIO_API_URL points here): `tsx tests/mocks/montonio-server.ts`. Its keys are the
 * test ones; MONTONIO_STUB_PORT is where it listens.
 */
import { startMontonioStub } from './montonio';

const port = Number(process.env.MONTONIO_STUB_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('MONTONIO_STUB_PORT must be a port number');
const stub = await startMontonioStub({ port, keepAlive: true, accessKey: process.env.MONTONIO_ACCESS_KEY, secretKey: process.env.MONTONIO_SECRET_KEY });
console.log(`Montonio stand-in listening on ${stub.url}`);
