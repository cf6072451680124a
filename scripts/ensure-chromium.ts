import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureIso20022Schemas } from './ensure-iso20022-schemas.ts';

export const chromiumPath = '/usr/bin/chromium';
/** The browser tests' Chromium: the headless shell, lighter than the full browser's headless mode. */
const headlessShellPath = '/usr/bin/chromium-headless-shell';

/**
 * Debian packages the tests need: Chromium (its headless shell for the browser tests, the full browser
 * for screenshots and Lighthouse), pdftotext to read generated PDFs
 * back, and xmllint to validate payment files against the ISO 20022 schemas.
 */
const needed = [
  { path: chromiumPath, pkg: 'chromium' },
  { path: headlessShellPath, pkg: 'chromium-headless-shell' },
  { path: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
  { path: '/usr/bin/xmllint', pkg: 'libxml2-utils' },
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

// The ISO 20022 schemas themselves (downloaded from Debian, kept out of the repository).
ensureIso20022Schemas();
