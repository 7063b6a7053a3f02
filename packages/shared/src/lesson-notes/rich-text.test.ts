import { describe, expect, it } from 'vitest';
import { richTextToPlainText, safeHref, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps the allowed formatting', () => {
    const html =
      '<h2>Topic</h2><p>Read <strong>page 4</strong>, <em>carefully</em>, <u>twice</u>.<br>Then:</p><ul><li>one</li></ul><ol><li>two</li></ol><h3>End</h3>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('maps what editors write (b, i, div, h1) to the allowed tags', () => {
    expect(sanitizeRichText('<div><b>Bold</b> <i>it</i></div><h1>Big</h1><h5>small</h5>')).toBe(
      '<p><strong>Bold</strong> <em>it</em></p><h2>Big</h2><h3>small</h3>',
    );
  });

  it('drops scripts, styles and their content, and every event handler or style attribute', () => {
    expect(sanitizeRichText('<p onclick="alert(1)" style="color:red" class="x">Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<style>p{}</style><SCRIPT src=x></SCRIPT >ok')).toBe('ok');
    expect(sanitizeRichText('<img src=x onerror=alert(1)>caption')).toBe('caption');
    expect(sanitizeRichText('<svg><script>alert(1)</script><text>t</text></svg>after')).toBe('after');
    expect(sanitizeRichText('<iframe src="javascript:alert(1)">inner</iframe>x')).toBe('x');
    expect(sanitizeRichText('<span><font color=red>kept text</font></span>')).toBe('kept text');
  });

  it('keeps http, https and mailto links only, with rel and target set', () => {
    expect(sanitizeRichText('<a href="https://example.com/a?b=1&amp;c=2" onclick="x()">site</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">site</a>',
    );
    expect(sanitizeRichText('<a href="mailto:head@school.ng">mail</a>')).toContain('href="mailto:head@school.ng"');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '/relative',
      '',
    ]) {
      expect(sanitizeRichText(`<a href="${bad}">t</a>`), bad).toBe('t');
    }
    expect(sanitizeRichText('<a>no href</a>')).toBe('no href');
  });

  it('escapes text and quotes so nothing becomes markup', () => {
    expect(sanitizeRichText('1 < 2 & 3 > 2 "q"')).toBe('1 &lt; 2 &amp; 3 &gt; 2 &quot;q&quot;');
    expect(sanitizeRichText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sanitizeRichText('<a href="https://x.test/&quot;onmouseover=&quot;alert(1)">t</a>')).toBe(
      '<a href="https://x.test/&quot;onmouseover=&quot;alert(1)" rel="noopener noreferrer nofollow" target="_blank">t</a>',
    );
    expect(sanitizeRichText('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
    expect(sanitizeRichText('<!-- <script>alert(1)</script> -->text<!doctype html><?xml x?>')).toBe('text');
  });

  it('closes what it opens and ignores stray closing tags', () => {
    expect(sanitizeRichText('<p><strong>open')).toBe('<p><strong>open</strong></p>');
    expect(sanitizeRichText('</em>text</p>')).toBe('text');
    expect(sanitizeRichText('<ul><li>a<li>b</ul>')).toBe('<ul><li>a<li>b</li></li></ul>');
    expect(sanitizeRichText('<p>unterminated <strong')).toBe('<p>unterminated </p>');
  });

  it('is idempotent', () => {
    const once = sanitizeRichText('<div onclick=x><b>a</b> &amp; <a href="http://x.test">l</a><script>y</script></div>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('safeHref and richTextToPlainText', () => {
  it('accepts only safe schemes', () => {
    expect(safeHref(' https://a.test ')).toBe('https://a.test');
    expect(safeHref('javascript:alert(1)')).toBeNull();
  });

  it('reads the text of rich text, blocks separated by spaces', () => {
    expect(richTextToPlainText('<p>One&nbsp;</p><p>Two<br>three</p>')).toBe('One Two three');
    expect(richTextToPlainText('<p><br></p><p> </p>')).toBe('');
  });
});
