import { describe, expect, it } from 'vitest';
import { acceptHint, fileExtension, formatBytes, isArchive, MB, shortFileName, UPLOAD_MAX_BYTES, uploadRules, viewerHeight } from './limits.ts';

describe('upload limits', () => {
  it('uses the SPEC.md numbers', () => {
    expect(MB).toBe(1048576);
    expect(UPLOAD_MAX_BYTES).toBe(2097152);
    expect(uploadRules.logo).toEqual({ extensions: ['svg'], maxBytes: 1048576 });
    expect(uploadRules.landingImage).toEqual({ extensions: ['jpg', 'jpeg', 'png'], maxBytes: 2097152 });
  });

  it('hints the default image types', () => {
    expect(acceptHint(uploadRules.image)).toBe('.jpg, .jpeg, .png, .svg, .gif');
  });

  it('formats sizes', () => {
    expect(formatBytes(UPLOAD_MAX_BYTES)).toBe('2 MB');
    expect(formatBytes(MB)).toBe('1 MB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(1000)).toBe('1 KB');
  });

  it('reads extensions and archives', () => {
    expect(fileExtension('a.b.PNG')).toBe('png');
    expect(fileExtension('.htaccess')).toBe('');
    expect(fileExtension('noext')).toBe('');
    expect(['a.zip', 'b.RAR', 'c.7z'].every(isArchive)).toBe(true);
    expect(isArchive('d.tar')).toBe(false);
  });
});

describe('shortFileName', () => {
  it('cuts to 18 (single) or 12 (multi) characters', () => {
    expect(shortFileName('a-very-long-banner-name.png', 18)).toBe('a-very-long-banner…');
    expect(shortFileName('a-very-long-banner-name.png', 12)).toBe('a-very-long-…');
    expect(shortFileName('short.png', 12)).toBe('short.png');
    expect(shortFileName('exactly-12.ab', 13)).toBe('exactly-12.ab');
  });
  it('never splits a character in two', () => {
    expect(shortFileName('😀😀😀😀', 2)).toBe('😀😀…');
  });
});

describe('viewerHeight', () => {
  it.each([
    [375, 281],
    [599, 281],
    [600, 474],
    [999, 474],
    [1000, 746],
    [1440, 746],
  ])('at %i px wide is %i px tall', (w, h) => expect(viewerHeight(w)).toBe(h));
});
