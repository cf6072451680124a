import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueKind } from '@portal/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { StoredImage } from '../../db/schema/index.ts';
import { type OutboundPolicy, safeGetBody } from '../../lib/safe-fetch.ts';
import { sha256 } from '../../lib/secrets.ts';
import { UPLOAD_URL_PREFIX } from '../uploads/index.ts';

/**
 * Images of synced items are fetched once (named by the hash of their address, so a file on disk
 * is never fetched again), checked by content, and stored in the two sizes the pages use. Cards
 * and feeds then point at our copies, served with a year's cache: no page hot-links a site.
 */

/** The card each kind's grid shows: scenes 16:9, models portrait. */
export const CARD_SIZES: Record<CatalogueKind, { width: number; height: number }> = {
  scene: { width: 480, height: 270 },
  model: { width: 320, height: 427 },
};
const LARGE_WIDTH = 1280;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 15_000;
const IMAGE_TYPES = new Set(['jpg', 'png', 'webp', 'gif', 'avif']);
export const CATALOGUE_DIR = 'catalogue';

export class ImageError extends Error {}

const fileNames = (source: string) => {
  const base = sha256(source).slice(0, 32);
  return { card: `${base}-card.webp`, large: `${base}-large.webp` };
};

/** Resizes checked image bytes into the card and large WebP files. */
export async function renderSizes(bytes: Uint8Array, kind: CatalogueKind): Promise<{ card: Buffer; large: Buffer; width: number; height: number }> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !IMAGE_TYPES.has(detected.ext)) throw new ImageError('not an image');
  const size = CARD_SIZES[kind];
  try {
    const input = sharp(bytes, { failOn: 'error', limitInputPixels: 60_000_000, animated: false });
    const [card, large] = await Promise.all([
      input.clone().rotate().resize(size.width, size.height, { fit: 'cover', position: 'attention' }).webp({ quality: 78 }).toBuffer(),
      input.clone().rotate().resize({ width: LARGE_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true }),
    ]);
    return { card, large: large.data, width: large.info.width, height: large.info.height };
  } catch {
    throw new ImageError('the image could not be read');
  }
}

export class ImageStore {
  private readonly dir: string;
  private readonly policy: OutboundPolicy;

  constructor(uploadsDir: string, policy: OutboundPolicy) {
    this.dir = join(uploadsDir, CATALOGUE_DIR);
    this.policy = policy;
    mkdirSync(this.dir, { recursive: true });
  }

  private urlOf(name: string): string {
    return `${UPLOAD_URL_PREFIX}${CATALOGUE_DIR}/${name}`;
  }

  /** Our copy of the image at `source`: fetched and resized only the first time. */
  async get(source: string, kind: CatalogueKind): Promise<StoredImage> {
    const names = fileNames(`${kind}|${source}`);
    const cardPath = join(this.dir, names.card);
    const largePath = join(this.dir, names.large);
    if (existsSync(cardPath) && existsSync(largePath)) {
      const meta = await sharp(largePath).metadata();
      return { card: this.urlOf(names.card), large: this.urlOf(names.large), width: meta.width ?? 0, height: meta.height ?? 0 };
    }
    const answer = await safeGetBody(source, this.policy, { timeoutMs: IMAGE_TIMEOUT_MS, maxBytes: MAX_IMAGE_BYTES, accept: 'image/*' });
    if (answer.outcome !== 'response') throw new ImageError(answer.message);
    if (answer.status < 200 || answer.status > 299) throw new ImageError(`HTTP ${answer.status}`);
    if (answer.truncated) throw new ImageError('larger than 10 MB');
    const out = await renderSizes(answer.body, kind);
    // Written under a temporary name and renamed, so a half-written file is never served.
    for (const [path, bytes] of [
      [largePath, out.large],
      [cardPath, out.card],
    ] as const) {
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, bytes);
      renameSync(tmp, path);
    }
    return { card: this.urlOf(names.card), large: this.urlOf(names.large), width: out.width, height: out.height };
  }
}
