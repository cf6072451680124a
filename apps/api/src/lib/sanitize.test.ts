import { EDITOR_PALETTE } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';

describe('sanitizeRichText', () => {
  it('keeps everything the editor makes', () => {
    const html = [
      '<h1 style="text-align:center">Title</h1>',
      '<h2>Sub</h2>',
      '<h3 style="text-align:right">Small</h3>',
      '<p style="text-align:justify"><strong>b</strong> <em>i</em> <s>s</s><br />next</p>',
      '<ul><li><p>one</p></li></ul>',
      '<ol start="3"><li><p>three</p></li></ol>',
      `<p><span style="color:${EDITOR_PALETTE[2]}">red</span></p>`,
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">link</a></p>',
      '<p style="text-align:left"><a target="_blank" rel="noopener noreferrer nofollow" href="/offers">relative</a></p>',
    ].join('');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ['script', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['event handler', '<p onclick="alert(1)">a</p>', '<p>a</p>'],
    ['image with onerror', '<img src=x onerror=alert(1)><p>a</p>', '<p>a</p>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>', ''],
    ['style element', '<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
    ['svg', '<svg><script>alert(1)</script></svg>', ''],
    ['javascript link', '<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['encoded javascript link', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['data link', '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['protocol-relative link', '<a href="//evil.example">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['link to a private address', '<a href="http://169.254.169.254/">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['opener-keeping target', '<a href="https://e.example" target="_self" rel="opener">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow" href="https://e.example">x</a>'],
    ['colour off the palette', '<span style="color:#123456">x</span>', '<span>x</span>'],
    ['css with url', '<span style="color:#ef4444;background:url(https://evil.example/t.png)">x</span>', '<span style="color:#ef4444">x</span>'],
    ['odd alignment', '<p style="text-align:-webkit-center;position:fixed">x</p>', '<p>x</p>'],
    ['heading 4 and tables', '<h4>x</h4><table><tr><td>y</td></tr></table>', 'xy'],
    ['underline, code and quotes the editor lacks', '<u>u</u><code>c</code><blockquote>q</blockquote>', 'ucq'],
    ['list start that is not a number', '<ol start="1;x" type="A"><li>a</li></ol>', '<ol><li>a</li></ol>'],
    ['class and id attributes', '<p class="x" id="y">a</p>', '<p>a</p>'],
    ['html comment', '<p>a<!-- <script>alert(1)</script> --></p>', '<p>a</p>'],
  ])('removes %s', (_, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('escapes text so it stays text', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 &amp; "q"</p>')).toBe('<p>1 &lt; 2 &amp; "q"</p>');
  });

  it('is idempotent', () => {
    const once = sanitizeRichText('<p style="text-align:center" onclick="x"><span style="color:#ef4444">a</span><img src=x></p><script>y</script>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});
