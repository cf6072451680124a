import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = '/usr/bin/chromium';

/** Debian packages the tests need: the browser tests' Chromium, and pdftotext to read generated PDFs back. */
const needed = [
  { path: chromiumPath, pkg: 'chromium' },
  { path: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
].filter((p) => !existsSync(p.path));

if (needed.length > 0) {
  const pkgs = needed.map((p) => p.pkg);
  if (process.getuid?.() === 0) {
    console.log(`Missing for the tests: installing the Debian packages ${pkgs.join(', ')} with apt-get…`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...pkgs], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `\n✖ The tests need ${needed.map((p) => p.path).join(' and ')}.\n  Install as root: sudo apt-get update && sudo apt-get install -y ${pkgs.join(' ')}\n`,
    );
    process.exit(1);
  }
}
