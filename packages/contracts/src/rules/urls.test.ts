import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '../validation.ts';
import { email, isPrivateHost, isSiteUrl, isUrlEntry, siteUrl, urlEntry } from './urls.ts';

describe('url entry', () => {
  it('allows empty', () => {
    expect(urlEntry().parse('')).toBe('');
    expect(urlEntry().parse('   ')).toBe('');
  });

  it.each(['https://example.com', 'http://example.com/a?b=1#c', 'ftp://files.example.org/x.zip', 'HTTPS://Example.COM', 'https://8.8.8.8/', 'https://[2001:db8::1]/', 'https://172.32.0.1', 'https://192.169.1.1'])(
    'accepts the absolute link %s',
    (v) => expect(isUrlEntry(v)).toBe(true),
  );

  it.each(['/', '/offers', '/offers/12?tab=list', '/a b'.replace(' ', '%20')])('accepts the relative link %s', (v) => expect(isUrlEntry(v)).toBe(true));

  it('trims before checking', () => {
    expect(urlEntry().parse('  /offers  ')).toBe('/offers');
    expect(urlEntry().parse(' https://example.com ')).toBe('https://example.com');
  });

  it.each([
    'http://10.0.0.1',
    'http://10.255.255.255/x',
    'http://172.16.0.1',
    'http://172.31.255.255',
    'http://192.168.1.1',
    'http://127.0.0.1:8080',
    'http://127.1',
    'http://2130706433',
    'http://0x7f000001',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0',
    'http://[::1]',
    'http://[::]',
    'http://[0:0:0:0:0:0:0:1]',
    'http://[fc00::1]',
    'http://[fd12:3456::1]',
    'http://[fe80::1]',
    'http://[febf::1]',
    'http://[::ffff:127.0.0.1]',
    'http://[::ffff:10.0.0.1]',
    'http://localhost',
    'http://LOCALHOST:3000',
    'http://localhost.',
    'http://api.localhost',
    'https://a.b.localhost/x',
  ])('refuses the private or local address %s', (v) => {
    expect(isUrlEntry(v)).toBe(false);
    expect(urlEntry().safeParse(v).error?.issues[0]?.message).toBe(m.urlEntry);
  });

  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', 'mailto:a@b.c', 'file:///etc/passwd', 'ws://example.com', '//evil.com', '/\\evil.com', 'example.com', 'offers', 'https://', 'http:/example.com', 'https://exa mple.com', 'http:example.com'])(
    'refuses %s',
    (v) => expect(isUrlEntry(v)).toBe(false),
  );

  it('has the SPEC.md message', () => {
    expect(m.urlEntry).toBe('The value must be a absolute or relative (starts with /) link.');
  });

  it('accepts every relative path that does not start with two slashes', () => {
    fc.assert(
      fc.property(
        fc.webPath().filter((p) => !/\s/.test(p)),
        (path) => {
          expect(isUrlEntry(`/${path.replace(/^\/+/, '')}`)).toBe(true);
        },
      ),
    );
  });

  it('accepts public web urls fast-check makes up, unless their host is local', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https', 'ftp'] }), (url) => {
        const host = /^[a-z]+:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/?#]+)/i.exec(url)?.[1] ?? '';
        expect(isUrlEntry(url)).toBe(!isPrivateHost(host));
      }),
    );
  });

  it('refuses every address in 10/8, 127/8, 192.168/16, 172.16/12, 169.254/16', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.constantFrom('10', '127', '192.168', '172.16', '172.20', '172.31', '169.254'), octet, octet, octet, (prefix, b, c, d) => {
        const host = [...prefix.split('.'), b, c, d].slice(0, 4).join('.');
        expect(isUrlEntry(`https://${host}/`)).toBe(false);
      }),
    );
  });
});

describe('isPrivateHost', () => {
  it.each(['example.com', '8.8.8.8', '[2001:4860::8888]', '172.15.0.1', '11.0.0.1', 'localhost.example.com'])('%s is public', (h) => expect(isPrivateHost(h)).toBe(false));
});

describe('site or url', () => {
  it.each(['https://example.com', 'http://example.com/path', 'example.com', 'www.example.co.uk/x?y=1', 'https://xn--bcher-kva.de', 'https://bücher.de'])('accepts %s', (v) => expect(isSiteUrl(v)).toBe(true));
  it.each(['', 'example', 'ftp://example.com', 'javascript:alert(1)', 'http://localhost', 'https://exa mple.com', 'http://1.2.3.4', 'https://example.c0m'])('refuses %s', (v) => {
    expect(isSiteUrl(v)).toBe(false);
  });
  it('trims and has the SPEC.md message', () => {
    expect(siteUrl().parse('  example.com ')).toBe('example.com');
    expect(siteUrl().safeParse('nope').error?.issues[0]?.message).toBe('This field must be a url.');
  });
});

describe('email', () => {
  it('trims and lower-cases', () => expect(email().parse('  Jane@Example.COM ')).toBe('jane@example.com'));
  it.each(['jane', 'jane@', '@example.com', 'jane@example', 'ja ne@example.com'])('refuses %s with the SPEC.md message', (v) => {
    expect(email().safeParse(v).error?.issues[0]?.message).toBe('This field must be a email.');
  });
});
