import { createServer, type AddressInfo } from 'node:net';

/** Runs `use` with a port of 127.0.0.1 that another listener holds meanwhile. */
export async function withBusyPort<T>(use: (port: number) => Promise<T>): Promise<T> {
  const busy = createServer();
  await new Promise<void>((ready) => busy.listen(0, '127.0.0.1', ready));
  try {
    return await use((busy.address() as AddressInfo).port);
  } finally {
    busy.close();
  }
}
