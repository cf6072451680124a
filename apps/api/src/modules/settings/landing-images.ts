import { type LandingImages, type LandingImageSettings, landingImageFields, landingSections, uploadRules } from '@portal/contracts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FormPayload } from '../../plugins/multipart.ts';
import { deleteUploads, describeUpload, storeUpload } from '../uploads/index.ts';
import { getSetting, putSetting } from './service.ts';

/** Placeholder illustrations shipped with the web app (no photos in the repository). */
export const defaultLandingImages: LandingImages = Object.fromEntries(
  landingSections.map((s) => [s, { desktop: `/landing/${s}-desktop.svg`, mobile: `/landing/${s}-mobile.svg` }]),
) as LandingImages;

/** A stored landing image: the file's address, with its uuid so a replaced file can be removed. */
export interface StoredLandingImage {
  uuid: string;
  name: string;
  url: string;
  mime_type: string;
  size: number;
}
export type StoredLandingImages = Partial<Record<string, { desktop?: StoredLandingImage | null; mobile?: StoredLandingImage | null }>>;

export async function getStoredLandingImages(db: Db): Promise<StoredLandingImages> {
  return getSetting<StoredLandingImages>(db, 'landing_images', {});
}

export async function getLandingImages(db: Db): Promise<LandingImages> {
  const stored = await getStoredLandingImages(db);
  return Object.fromEntries(
    landingSections.map((s) => [s, { desktop: stored[s]?.desktop?.url ?? defaultLandingImages[s].desktop, mobile: stored[s]?.mobile?.url ?? defaultLandingImages[s].mobile }]),
  ) as LandingImages;
}

export async function getLandingImageSettings(db: Db): Promise<LandingImageSettings> {
  const stored = await getStoredLandingImages(db);
  const files = Object.fromEntries(
    landingSections.flatMap((s) => [
      [`${s}_desktop`, stored[s]?.desktop ?? null],
      [`${s}_mobile`, stored[s]?.mobile ?? null],
    ]),
  );
  return { files, images: await getLandingImages(db) };
}

const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Stores the picked images (jpg, jpeg, png up to 2 MB, checked by content: a failure lands on its
 * field) and removes the ones replaced or named in `<field>_deleted`, whose section goes back to
 * the shipped picture. The home page reads them on its next request.
 */
export async function saveLandingImages(db: Db, config: AppConfig, form: FormPayload, staffId: number): Promise<LandingImageSettings> {
  const stored: StoredLandingImages = structuredClone(await getStoredLandingImages(db));
  const fields = new Set<string>(landingImageFields);
  // Check every file first, so one bad file leaves the rest as they were.
  const incoming = form.files.filter((f) => fields.has(f.field));
  const saved = [];
  try {
    for (const file of incoming) saved.push({ field: file.field, row: await storeUpload(db, config, file, uploadRules.landingImage, staffId) });
  } catch (err) {
    await deleteUploads(db, config, saved.map((s) => s.row.uuid));
    throw err;
  }
  const removed: string[] = [];
  for (const field of landingImageFields) {
    const [section, kind] = field.split('_') as [string, 'desktop' | 'mobile'];
    const current = stored[section]?.[kind] ?? null;
    const replacement = saved.find((s) => s.field === field);
    const deleted = asList(form.fields[`${field}_deleted`]);
    let next = current;
    if (replacement) next = describeUpload(replacement.row);
    else if (current && deleted.includes(current.uuid)) next = null;
    if (current && next !== current) removed.push(current.uuid);
    stored[section] = { ...stored[section], [kind]: next };
  }
  await putSetting(db, 'landing_images', stored);
  await deleteUploads(db, config, removed);
  return getLandingImageSettings(db);
}
