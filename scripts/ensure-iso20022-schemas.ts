import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

/**
 * The ISO 20022 XSDs the payment files are validated against, as Debian ships them:
 * - from the hbci4j library's jar (`libhbci4j-core-java`): the ISO pain.001.001.09 and
 *   pain.002.001.10, and the German banks' (Deutsche Kreditwirtschaft) SEPA variants of
 *   pain.001.001.03 and pain.002.001.03, which add the EPC's rules (EUR only, SLEV, IBAN);
 * - from Tryton's SEPA module (`tryton-modules-account-payment-sepa`): the ISO pain.001.001.03.
 * The packages are downloaded, not installed (no Java or Python needed), and the schemas kept
 * under node_modules/.cache/iso20022. Nothing of them is committed.
 */
export const schemaDir = resolve(dirname(fileURLToPath(import.meta.url)), '../node_modules/.cache/iso20022');

/** Our name of each schema, the Debian package, and the file's name inside it. */
const sources = [
  { name: 'pain.001.001.09.xsd', pkg: 'libhbci4j-core-java', file: 'pain.001.001.09.xsd' },
  { name: 'pain.002.001.10.xsd', pkg: 'libhbci4j-core-java', file: 'pain.002.001.10.xsd' },
  { name: 'pain.001.001.03.sepa-dk.xsd', pkg: 'libhbci4j-core-java', file: 'pain.001.001.03.xsd' },
  { name: 'pain.002.001.03.sepa-dk.xsd', pkg: 'libhbci4j-core-java', file: 'pain.002.001.03.xsd' },
  { name: 'pain.001.001.03.xsd', pkg: 'tryton-modules-account-payment-sepa', file: 'pain.001.001.03.xsd' },
] as const;

export const schemaNames = sources.map((s) => s.name);

/** The files of a zip (a jar) whose names are in `names`, read with its central directory. */
function unzip(zip: Buffer, names: readonly string[]): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('Not a zip file.');
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const base = name.split('/').pop()!;
    if (names.includes(base)) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      found.set(base, method === 0 ? Buffer.from(data) : inflateRawSync(data));
    }
    at += 46 + nameLength + extra + comment;
  }
  return found;
}

function findFile(dir: string, name: string): string | undefined {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      const found = findFile(path, name);
      if (found) return found;
    } else if (e.name === name) return path;
  }
  return undefined;
}

function download(pkg: string, work: string): string {
  const run = () => execFileSync('apt-get', ['download', '-qq', pkg], { cwd: work, stdio: ['ignore', 'inherit', 'pipe'] });
  try {
    run();
  } catch {
    // The package lists may be missing on a fresh machine.
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    run();
  }
  const deb = readdirSync(work).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${pkg} gave no package.`);
  const into = join(work, pkg);
  execFileSync('dpkg-deb', ['-x', join(work, deb), into]);
  return into;
}

/** Makes sure xmllint (Debian libxml2-utils) is there, installing it as root when it is not. */
export function ensureXmllint(): string {
  const path = '/usr/bin/xmllint';
  if (existsSync(path)) return path;
  if (process.getuid?.() !== 0) throw new Error('The payment file tests need xmllint: sudo apt-get install -y libxml2-utils');
  console.log('The payment file tests need xmllint: installing the Debian package libxml2-utils…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'libxml2-utils'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return path;
}

/** Makes sure the schemas are in `schemaDir` (downloading them once) and returns it. */
export function ensureIso20022Schemas(): string {
  if (schemaNames.every((n) => existsSync(join(schemaDir, n)))) return schemaDir;
  console.log('The payment file tests need the ISO 20022 schemas: downloading the Debian packages libhbci4j-core-java and tryton-modules-account-payment-sepa…');
  const work = mkdtempSync(join(tmpdir(), 'iso20022-'));
  try {
    mkdirSync(schemaDir, { recursive: true });
    const hbci = download('libhbci4j-core-java', work);
    const javaDir = join(hbci, 'usr/share/java');
    const jar = readdirSync(javaDir).find((f) => /^hbci4j-core-\d.*\.jar$/.test(f)) ?? 'hbci4j-core.jar';
    const fromJar = unzip(readFileSync(join(javaDir, jar)), sources.filter((s) => s.pkg === 'libhbci4j-core-java').map((s) => s.file));
    const tryton = download('tryton-modules-account-payment-sepa', work);
    for (const s of sources) {
      const data = s.pkg === 'libhbci4j-core-java' ? fromJar.get(s.file) : (() => {
        const path = findFile(tryton, s.file);
        return path ? readFileSync(path) : undefined;
      })();
      if (!data) throw new Error(`${s.file} is not in ${s.pkg}.`);
      // Written aside, then renamed: test files that start at once never read half a schema.
      const aside = join(schemaDir, `.${s.name}.${process.pid}`);
      writeFileSync(aside, data);
      renameSync(aside, join(schemaDir, s.name));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return schemaDir;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureIso20022Schemas();
