import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const featuresDir = join(src, 'features');

/** The feature a path under src/ belongs to, or undefined outside features/. */
function featureOf(path: string): string | undefined {
  const parts = relative(src, path).split(sep);
  return parts[0] === 'features' && parts.length > 2 ? parts[1] : undefined;
}

/** Every import of another feature in one file's text: static, side-effect and dynamic imports, and re-exports. */
export function crossFeatureImports(file: string, text: string): string[] {
  const own = featureOf(file);
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const other = featureOf(resolve(dirname(file), match[1]!));
    if (other !== undefined && other !== own) found.push(`${relative(src, file)} imports ${match[1]}`);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

// STYLE.md 7: features do not import each other; the pages in app/routes put them together.
describe('feature boundaries', () => {
  it('finds an import of another feature however it is written', () => {
    const file = join(featuresDir, 'sites', 'components', 'sites-admin.tsx');
    expect(
      crossFeatureImports(
        file,
        [
          "import { useOffer } from '../../offers/api/get-offer.ts';",
          "import { OfferForm } from '../../../features/offers/components/offer-form.tsx';",
          "const page = () => import('../../postbacks/components/postbacks-tab.tsx');",
          "export { x } from '../../campaigns/lib/x.ts';",
          "import { useSites } from '../../../lib/queries/get-sites.ts';",
          "import { KeyDialog } from './key-dialog.tsx';",
          "import { saveSite } from '../api/save-site.ts';",
        ].join('\n'),
      ),
    ).toHaveLength(4);
  });

  it('no web feature imports another feature', () => {
    const found = sourceFiles(featuresDir).flatMap((file) => crossFeatureImports(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  // docs/architecture.md, Map: a feature carries the name of the API module it calls (money words
  // included: payouts, billing, money-settings, referrals, bonus). These few are the web app's own
  // or still wait for their module's name.
  const ownFeatures = new Set(['dashboard', 'gallery', 'session', 'shell', 'site']);

  it('names every feature after an API module, but for the web app\'s own', () => {
    const modules = new Set(readdirSync(join(src, '..', '..', 'api', 'src', 'modules')));
    const features = readdirSync(featuresDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(modules.has('payouts')).toBe(true);
    expect(features.filter((f) => !modules.has(f) && !ownFeatures.has(f))).toEqual([]);
  });
});
