import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = '/usr/bin/chromium';

if (!existsSync(chromiumPath)) {
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing: installing the Debian package "chromium" with apt-get…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `\n✖ The browser tests need Chromium at ${chromiumPath}.\n  Install it as root: sudo apt-get update && sudo apt-get install -y chromium\n`,
    );
    process.exit(1);
  }
}
