/** SPEC.md section 9: 1 MB is 1048576 bytes. */
export const MB = 1_048_576;
/** Default upload limit, 2 MB. */
export const UPLOAD_MAX_BYTES = 2 * MB;

/** What an upload field accepts: extensions (lower case, no dot) and the largest size in bytes. */
export interface UploadRule {
  extensions: readonly string[];
  maxBytes: number;
}

export const ARCHIVE_EXTENSIONS = ['zip', 'rar', '7z'] as const;

/** Per-field upload rules (SPEC.md section 5); `image` is the default. */
export const uploadRules = {
  image: { extensions: ['jpg', 'jpeg', 'png', 'svg', 'gif'], maxBytes: UPLOAD_MAX_BYTES },
  logo: { extensions: ['svg'], maxBytes: MB },
  landingImage: { extensions: ['jpg', 'jpeg', 'png'], maxBytes: UPLOAD_MAX_BYTES },
  archive: { extensions: ARCHIVE_EXTENSIONS, maxBytes: UPLOAD_MAX_BYTES },
} as const satisfies Record<string, UploadRule>;

/** MIME type per accepted extension: for the file picker and for the server's content check. */
export const uploadMimeTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** The hint under an upload field: ".jpg, .jpeg, .png, .svg, .gif". */
export const acceptHint = (rule: UploadRule) => rule.extensions.map((e) => `.${e}`).join(', ');

/** Shown sizes: "2 MB", "1 MB", "512 KB". */
export const formatBytes = (bytes: number) => (bytes >= MB ? `${+(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** Lower-case extension of a file name without the dot, '' when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export const isArchive = (name: string) => (ARCHIVE_EXTENSIONS as readonly string[]).includes(fileExtension(name));

/** Displayed file names are cut to 18 characters in a single upload and 12 in a multi-upload. */
export const FILE_NAME_MAX_SINGLE = 18;
export const FILE_NAME_MAX_MULTI = 12;
export function shortFileName(name: string, max: number): string {
  const chars = Array.from(name);
  return chars.length <= max ? name : `${chars.slice(0, max).join('')}…`;
}

/** Fullscreen viewer heights (SPEC.md section 9) by window width. */
export const VIEWER_HEIGHTS = { small: 281, medium: 474, large: 746 } as const;
export function viewerHeight(windowWidth: number): number {
  if (windowWidth < 600) return VIEWER_HEIGHTS.small;
  if (windowWidth < 1000) return VIEWER_HEIGHTS.medium;
  return VIEWER_HEIGHTS.large;
}

/** Dates are shown as "MMM D, YYYY" (dayjs format). */
export const DATE_DISPLAY_FORMAT = 'MMM D, YYYY';

/** The rich-text editor's 8 colours; the server keeps only these in `color` styles. */
export const EDITOR_PALETTE = ['#ffffff', '#9ca3af', '#ef4444', '#f59e0b', '#22c55e', '#22d3ee', '#3b82f6', '#8b5cf6'] as const;

/** The rich-text features of SPEC.md section 9, in toolbar order. */
export const EDITOR_FEATURES = [
  'bold',
  'italic',
  'strike',
  'heading1',
  'heading2',
  'heading3',
  'paragraph',
  'bulletList',
  'orderedList',
  'alignLeft',
  'alignCenter',
  'alignRight',
  'alignJustify',
  'hardBreak',
  'link',
  'unlink',
  'clearFormat',
  'undo',
  'redo',
] as const;
export type EditorFeature = (typeof EDITOR_FEATURES)[number];

/** Upload messages shared by the browser and the server (SPEC.md section 5). */
export const uploadMessages = {
  invalid: 'The file does not meet the requirements',
  duplicate: 'The image has already been selected!',
  failed: 'File not uploaded',
} as const;
