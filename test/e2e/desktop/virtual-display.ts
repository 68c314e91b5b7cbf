import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { cropXwd, type Box, type RgbImage } from './framebuffer';

const run = promisify(execFile);
const START_TIMEOUT_MS = 15_000;

export interface VirtualDisplay {
  /** The X display, e.g. `:3`. */
  name: string;
  width: number;
  height: number;
  /** The screen (or the part `box` of it) as it is now. */
  capture(box?: Box): RgbImage;
  /** Runs an X client (xdotool, xprop) on this display; its standard output. */
  x(command: string, args: string[]): Promise<string>;
  close(): Promise<void>;
}

/** The display number Xvfb writes on `-displayfd` once it listens. */
function displayNumber(out: Readable, exited: Promise<string>): Promise<string> {
  let text = '';
  const written = new Promise<string>((resolve) => {
    out.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
  });
  const late = new Promise<string>((_, reject) =>
    setTimeout(() => reject(new Error('Xvfb did not start in time')), START_TIMEOUT_MS),
  );
  return Promise.race([written, exited.then((why) => Promise.reject(new Error(why))), late]);
}

/**
 * An X server of its own (Xvfb, on the first free display number), so a headed browser has a
 * screen: what it draws there, its notification pop-ups included, is read from the framebuffer
 * Xvfb keeps in a file (`-fbdir`), and X clients click on it as a user would.
 */
export async function startVirtualDisplay(
  size = { width: 1024, height: 640 },
): Promise<VirtualDisplay> {
  const fbdir = mkdtempSync(join(tmpdir(), 'xvfb-'));
  const args = ['-displayfd', '3', '-screen', '0', `${size.width}x${size.height}x24`];
  const child = spawn('Xvfb', [...args, '-fbdir', fbdir, '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => resolve(`Xvfb could not start: ${error.message}`));
    child.once('exit', (code) => resolve(`Xvfb exited with ${code}:\n${log}`));
  });
  const number = await displayNumber(child.stdio[3] as Readable, exited).catch((error) => {
    child.kill();
    rmSync(fbdir, { recursive: true, force: true });
    throw error;
  });
  const name = `:${number}`;
  return {
    name,
    ...size,
    capture: (box) => cropXwd(readFileSync(join(fbdir, 'Xvfb_screen0')), box),
    async x(command, commandArgs) {
      const { stdout } = await run(command, commandArgs, {
        env: { ...process.env, DISPLAY: name },
      });
      return stdout;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill();
        await exited;
      }
      rmSync(fbdir, { recursive: true, force: true });
    },
  };
}
