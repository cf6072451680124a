import { deflateRawSync } from 'node:zlib';
import { MB, uploadRules } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { gifDeclaring, pngDeclaring, realPng } from '../../test/support/files.ts';
import { checkUpload, IMAGE_MAX_PIXELS, imageSize, looksLikeSvg, sanitizeSvg } from './uploads.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#22d3ee' } }).jpeg().toBuffer();
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#8b5cf6"/></svg>';

function zip(): Buffer {
  const data = deflateRawSync(Buffer.from('hello'));
  const name = Buffer.from('a.txt');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(5, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
}

describe('checkUpload: type by content', () => {
  it.each([
    ['png', PNG],
    ['jpg', JPEG],
    ['gif', GIF],
  ])('accepts a real %s as an image', async (ext, content) => {
    expect(await checkUpload(content, uploadRules.image)).toMatchObject({ ok: true, ext });
  });

  it('accepts a real svg as an image and as a logo, and gives its MIME type', async () => {
    expect(await checkUpload(bytes(SVG), uploadRules.logo)).toMatchObject({ ok: true, ext: 'svg', mime: 'image/svg+xml' });
    expect(await checkUpload(bytes(`\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n${SVG}`), uploadRules.image)).toMatchObject({ ok: true, ext: 'svg' });
  });

  it('refuses a png where only svg is allowed (logo)', async () => {
    expect(await checkUpload(PNG, uploadRules.logo)).toEqual({ ok: false, reason: 'type' });
  });

  it('refuses an svg where only jpg, jpeg, png are allowed (landing page images)', async () => {
    expect(await checkUpload(bytes(SVG), uploadRules.landingImage)).toEqual({ ok: false, reason: 'type' });
    expect(await checkUpload(JPEG, uploadRules.landingImage)).toMatchObject({ ok: true, ext: 'jpg' });
  });

  it('knows an archive by its bytes', async () => {
    expect(await checkUpload(zip(), uploadRules.archive)).toMatchObject({ ok: true, ext: 'zip' });
    expect(await checkUpload(zip(), uploadRules.image)).toEqual({ ok: false, reason: 'type' });
  });

  it.each([
    ['plain text', bytes('just some words')],
    ['html claiming to be an image', bytes('<html><script>alert(1)</script></html>')],
    ['an executable', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00])],
    ['a pdf', bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')],
    ['invalid utf-8', Buffer.from([0xc3, 0x28, 0xa0, 0xa1])],
    ['xml that is not svg', bytes('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>x</script></html>')],
  ])('refuses %s whatever its name', async (_, content) => {
    expect(await checkUpload(content, uploadRules.image)).toEqual({ ok: false, reason: 'type' });
  });

  it('refuses an empty file', async () => {
    expect(await checkUpload(new Uint8Array(), uploadRules.image)).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('checkUpload: size', () => {
  it('accepts exactly the limit and refuses one byte more', async () => {
    const at = Buffer.concat([PNG, Buffer.alloc(2 * MB - PNG.length)]);
    expect(await checkUpload(at, uploadRules.image)).toMatchObject({ ok: true });
    expect(await checkUpload(Buffer.concat([at, Buffer.alloc(1)]), uploadRules.image)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('holds a logo to 1 MB', async () => {
    const big = bytes(`<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(MB)}--></svg>`);
    expect(await checkUpload(big, uploadRules.logo)).toEqual({ ok: false, reason: 'too_large' });
  });
});

describe('checkUpload: images are decoded', () => {
  it('refuses a small PNG whose header declares 20000x20000 pixels, before decoding it', async () => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(100_000);
    expect(await checkUpload(bomb, uploadRules.image)).toEqual({ ok: false, reason: 'too_many_pixels' });
  });

  it('refuses a PNG under the limit whose data stops short of its declared size', async () => {
    expect(await checkUpload(pngDeclaring(2000, 1500), uploadRules.image)).toEqual({ ok: false, reason: 'undecodable' });
    const real = await realPng(300, 250);
    expect(await checkUpload(real.subarray(0, real.byteLength - 40), uploadRules.image)).toEqual({ ok: false, reason: 'undecodable' });
  });

  it('takes a real image up to the limit with the size decoded, and refuses one pixel row more', async () => {
    // 8000 x 5000 is exactly 40 megapixels; a whole black greyscale PNG compresses to about 40 KB.
    const width = 8000;
    expect(width * 5000).toBe(IMAGE_MAX_PIXELS);
    expect(await checkUpload(pngDeclaring(width, 5000, 5000), uploadRules.image)).toMatchObject({ ok: true, ext: 'png', image: { width, height: 5000 } });
    expect(await checkUpload(pngDeclaring(width, 5001, 5001), uploadRules.image)).toEqual({ ok: false, reason: 'too_many_pixels' });
  });

  it('counts every frame of an animation', async () => {
    // 4000 x 4000 is 16 megapixels a frame: two frames are 32, three are 48.
    expect(await checkUpload(gifDeclaring(4000, 4000, 3), uploadRules.image)).toEqual({ ok: false, reason: 'too_many_pixels' });
    expect(await checkUpload(gifDeclaring(4000, 4000, 2), uploadRules.image)).toMatchObject({ ok: true, ext: 'gif', image: { width: 4000, height: 4000 } });
  });

  it('refuses an SVG declaring more than the limit, and reads sizes of stored images', async () => {
    const svg = (w: number, h: number) => bytes(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="1" height="1"/></svg>`);
    expect(await checkUpload(svg(20_000, 20_000), uploadRules.image)).toEqual({ ok: false, reason: 'too_many_pixels' });
    expect(await checkUpload(svg(728, 90), uploadRules.image)).toMatchObject({ ok: true, image: { width: 728, height: 90 } });
    expect(await imageSize(await realPng(160, 600), 'png')).toEqual({ width: 160, height: 600 });
    expect(await imageSize(JPEG, 'jpg')).toEqual({ width: 4, height: 3 });
    expect(await imageSize(svg(300, 250), 'svg')).toEqual({ width: 300, height: 250 });
  });

  it('reads SVG lengths as CSS numbers with units, so exponents, units and huge view boxes do not slip past the limit', async () => {
    const root = (attrs: string) => bytes(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}><rect width="1" height="1"/></svg>`);
    for (const attrs of [
      'width="2e4" height="2e4"',
      'width="2E4px" height="20000"',
      'width="200in" height="200in"',
      'width="600cm" height="600cm"',
      'width="6000mm" height="6000mm"',
      'width="15000pt" height="15000pt"',
      'width="1300pc" height="1300pc"',
      'width="1300em" height="1300em"',
      'width="+.2e5" height="2e+4px"',
      'viewBox="0 0 1e9 1e9"',
      'viewBox="0,0,20000,20000"',
      'width="100%" height="100%" viewBox="0 0 1e5 1e5"',
      'width="2e4" viewBox="0 0 1 1"',
    ]) {
      expect([attrs, await checkUpload(root(attrs), uploadRules.image)]).toEqual([attrs, { ok: false, reason: 'too_many_pixels' }]);
    }
    expect(await checkUpload(root('width="3in" height="1in"'), uploadRules.image)).toMatchObject({ ok: true, image: { width: 288, height: 96 } });
    expect(await checkUpload(root('width="7.28e2" height="90"'), uploadRules.image)).toMatchObject({ ok: true, image: { width: 728, height: 90 } });
    expect(await checkUpload(root('viewBox="0 0 1.6e2 6e2"'), uploadRules.image)).toMatchObject({ ok: true, image: { width: 160, height: 600 } });
    expect(await checkUpload(root('width="50%" height="50%" viewBox="0 0 300 250"'), uploadRules.image)).toMatchObject({ ok: true, image: { width: 150, height: 125 } });
  });
});

describe('SVG sanitising', () => {
  const hostile = [
    ['script element', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect/></svg>', /script|alert/i],
    ['event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect onclick="alert(2)" onmouseover="x"/></svg>', /on\w+=|alert/i],
    ['foreign object', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="javascript:alert(1)"/></foreignObject></svg>', /foreignObject|iframe|javascript/i],
    ['external use', '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/x.svg#a"/><use xlink:href="//evil.example/y.svg#b"/></svg>', /evil/],
    ['javascript link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>', /javascript|<a/i],
    ['external image', '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/track.png"/></svg>', /evil|image/],
    ['css import', '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/x.css)</style><rect/></svg>', /evil|style|@import/],
    ['css url in style attribute', '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.example/p)"/></svg>', /evil/],
    ['external url in paint', '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(https://evil.example/p#g)"/></svg>', /evil/],
    ['animate setting href', '<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>', /animate|javascript/],
    ['upper-case script', '<svg xmlns="http://www.w3.org/2000/svg"><SCRIPT>alert(1)</SCRIPT><Script>alert(2)</Script></svg>', /alert/],
    ['cdata script', '<svg xmlns="http://www.w3.org/2000/svg"><script><![CDATA[alert(1)]]></script></svg>', /alert/],
  ] as const;

  it.each(hostile)('strips %s', (_, svg, bad) => {
    const clean = sanitizeSvg(svg);
    expect(clean).toBeDefined();
    expect(clean).not.toMatch(bad);
  });

  it('keeps drawing, internal references and camel-case names', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><clipPath id="c"><rect width="5" height="5"/></clipPath></defs><rect fill="url(#g)" clip-path="url(#c)" style="stroke: red"/><use href="#g"/></svg>';
    const clean = sanitizeSvg(svg) ?? '';
    expect(clean).toContain('viewBox="0 0 10 10"');
    expect(clean).toContain('<linearGradient id="g">');
    expect(clean).toContain('<clipPath id="c">');
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('href="#g"');
    expect(clean).toContain('stroke:red');
  });

  it('rejects documents declaring entities (entity expansion)', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>';
    expect(sanitizeSvg(bomb)).toBeUndefined();
  });

  it('a hostile svg upload comes back clean', async () => {
    const result = await checkUpload(bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><circle r="4"/></svg>'), uploadRules.logo);
    const text = result.ok ? new TextDecoder().decode(result.bytes) : '';
    expect(text).toBe('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"></circle></svg>');
  });

  it('reads the root element, not just any mention of svg', () => {
    expect(looksLikeSvg(bytes('<html><svg></svg></html>'))).toBe(false);
    expect(looksLikeSvg(bytes('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg>'))).toBe(true);
  });
});
