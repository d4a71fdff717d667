import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, appendFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../../scripts/chromium';

/** A desktop with a voice: Xvfb, a PulseAudio server with a silent sink, speech-dispatcher with espeak-ng. */
export interface VoiceDesktop {
  /** Headful Chromium on that display, its speech synthesis through speech-dispatcher. */
  browser: Browser;
  /** Ends the browser and the three servers, removes their folder. */
  close: () => Promise<void>;
}

/** Resolves once `file` exists (a server's socket), or throws after `ms` naming `what`. */
async function waitForFile(file: string, what: string, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`${what} did not start: no ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts, in a folder of its own, what a Linux desktop needs for Chromium to speak with a real voice
 * (docs/product.md#reading-and-display, read aloud): Xvfb (the display, its number chosen by Xvfb), PulseAudio with a
 * null sink (audio played in real time into nothing), and speech-dispatcher with its espeak-ng module and this
 * folder's configuration (pulse output, a quick rate); then headful Chromium with `--enable-speech-dispatcher`.
 * Debian's `xvfb`, `pulseaudio`, `speech-dispatcher`, `speech-dispatcher-espeak-ng` and `espeak-ng` must be installed
 * (.ci/run installs them).
 * @returns the browser and `close`
 * @throws when a server does not start within 15 s
 */
export async function startVoiceDesktop(): Promise<VoiceDesktop> {
  const dir = mkdtempSync(path.join(tmpdir(), 'onboarding-voice-'));
  const runtime = path.join(dir, 'run');
  const home = path.join(dir, 'home');
  const config = path.join(dir, 'speech-dispatcher');
  mkdirSync(runtime, { mode: 0o700 });
  mkdirSync(home);
  cpSync('/etc/speech-dispatcher', config, { recursive: true });
  appendFileSync(
    path.join(config, 'speechd.conf'),
    'AudioOutputMethod "pulse"\nDefaultModule espeak-ng\nDefaultRate 60\nLogLevel 2\n',
  );
  const env = { ...process.env, XDG_RUNTIME_DIR: runtime, HOME: home };
  const children: ChildProcess[] = [];
  const run = (command: string, args: string[], stdio: ('ignore' | 'pipe')[] = ['ignore', 'ignore', 'ignore']) => {
    const child = spawn(command, args, { env, stdio });
    children.push(child);
    return child;
  };
  const close = async () => {
    for (const child of children.reverse()) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Xvfb writes the display number it took to the pipe of -displayfd.
    const xvfb = run(
      'Xvfb',
      ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1280x800x24'],
      ['ignore', 'ignore', 'ignore', 'pipe'],
    );
    const display = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Xvfb did not start')), 15_000);
      xvfb.stdio[3]?.on('data', (data: Buffer) => {
        clearTimeout(timer);
        resolve(`:${data.toString().trim()}`);
      });
      xvfb.on('error', reject);
    });
    run('pulseaudio', [
      '--daemonize=no',
      '--exit-idle-time=-1',
      '--system=false',
      '-n',
      '--load=module-null-sink sink_name=silent',
      '--load=module-native-protocol-unix',
    ]);
    await waitForFile(path.join(runtime, 'pulse', 'native'), 'PulseAudio');
    run('speech-dispatcher', ['-s', '-t', '0', '-C', config, '-L', dir]);
    await waitForFile(path.join(runtime, 'speech-dispatcher', 'speechd.sock'), 'speech-dispatcher');
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      headless: false,
      args: [...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'), '--enable-speech-dispatcher'],
      env: { ...env, DISPLAY: display },
    });
    return {
      browser,
      close: async () => {
        await browser.close();
        await close();
      },
    };
  } catch (error) {
    const log = path.join(dir, 'speech-dispatcher.log');
    const tail = existsSync(log) ? `\n${readFileSync(log, 'utf8').slice(-2000)}` : '';
    await close();
    throw new Error(`${String(error)}${tail}`);
  }
}
