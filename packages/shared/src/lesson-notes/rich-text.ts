/**
 * The lesson-note body is rich text kept as HTML, so it is cleaned by an allow-list before it is
 * stored and before it is shown: only p, br, strong, em, u, ul, ol, li, h2, h3 and a (with an
 * http, https or mailto href) survive; every other tag goes (script, style and their kind with their
 * content, the rest keeping their text); every attribute but a's href goes; text is re-escaped.
 * No DOM is needed, so the server and the browser run the same code.
 */

const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'a']);

/** What editors and word processors write, mapped to the allowed tag that means the same. */
const ALIASES: Record<string, string> = {
  b: 'strong',
  i: 'em',
  div: 'p',
  h1: 'h2',
  h4: 'h3',
  h5: 'h3',
  h6: 'h3',
};

/** Elements whose content is never text for a reader: dropped with everything inside. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
const DROP_WITH_CONTENT = new Set(['template', 'svg', 'math', 'object', 'embed', 'select', 'head', 'frameset', 'applet']);

const VOID = new Set(['br']);
const SAFE_URL = /^(?:https?:|mailto:)/i;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities a browser or word processor commonly writes; others stay as typed. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const value = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      if (!Number.isFinite(value) || value <= 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(value);
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** An href that is safe to keep (http, https or mailto), or null. */
export function safeHref(raw: string): string | null {
  // Browsers ignore control characters and whitespace inside a scheme ('java\tscript:').
  const href = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  return SAFE_URL.test(href) ? href : null;
}

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attributes: Record<string, string>;
  end: number;
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** Reads the tag starting at `start` (html[start] === '<'), or null when it is not a tag. */
function readTag(html: string, start: number): Tag | null {
  const nameMatch = /^<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/.exec(html.slice(start, start + 64));
  if (!nameMatch) return null;
  let i = start + nameMatch[0].length;
  let quote: string | null = null;
  while (i < html.length) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      break;
    }
    i++;
  }
  // An unterminated tag swallows the rest of the input, as it does in a browser.
  if (i >= html.length) return { name: '#unterminated', closing: false, selfClosing: true, attributes: {}, end: html.length };
  const end = i + 1;
  const inside = html.slice(start + nameMatch[0].length, i);
  const attributes: Record<string, string> = {};
  for (const match of inside.matchAll(ATTRIBUTE)) {
    const key = match[1].toLowerCase();
    if (!(key in attributes)) attributes[key] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return {
    name: nameMatch[2].toLowerCase(),
    closing: nameMatch[1] === '/',
    selfClosing: /\/\s*$/.test(inside),
    attributes,
    end,
  };
}

/** Cleans rich text to the allow-list; the result is well-formed (every opened tag is closed). */
export function sanitizeRichText(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  /** A dropped element whose content is skipped, with how deep we are inside copies of it. */
  let skipping: { name: string; depth: number } | null = null;

  const closeUpTo = (name: string) => {
    const at = open.lastIndexOf(name);
    if (at < 0) return;
    while (open.length > at) out += `</${open.pop()}>`;
  };

  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const textEnd = lt < 0 ? html.length : lt;
    if (textEnd > i) {
      if (!skipping) out += escapeHtml(decodeEntities(html.slice(i, textEnd)));
      i = textEnd;
      continue;
    }
    // html[i] === '<'
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const close = html.indexOf('>', i);
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    const tag = readTag(html, i);
    if (!tag) {
      if (!skipping) out += '&lt;';
      i += 1;
      continue;
    }
    i = tag.end;

    if (skipping) {
      if (tag.name === skipping.name && !tag.selfClosing) skipping.depth += tag.closing ? -1 : 1;
      if (skipping.depth === 0) skipping = null;
      continue;
    }
    if (!tag.closing && RAW_TEXT.has(tag.name)) {
      const closeAt = html.toLowerCase().indexOf(`</${tag.name}`, i);
      if (closeAt < 0) {
        i = html.length;
      } else {
        const closeEnd = html.indexOf('>', closeAt);
        i = closeEnd < 0 ? html.length : closeEnd + 1;
      }
      continue;
    }
    if (!tag.closing && DROP_WITH_CONTENT.has(tag.name)) {
      if (!tag.selfClosing) skipping = { name: tag.name, depth: 1 };
      continue;
    }

    const name = ALIASES[tag.name] ?? tag.name;
    if (!ALLOWED.has(name)) continue;
    if (tag.closing) {
      if (!VOID.has(name)) closeUpTo(name);
      continue;
    }
    if (VOID.has(name)) {
      out += `<${name}>`;
      continue;
    }
    if (name === 'a') {
      const href = tag.attributes.href === undefined ? null : safeHref(tag.attributes.href);
      // A link without a safe address keeps its text only; the closing tag is then ignored.
      if (!href) continue;
      out += `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow" target="_blank">`;
    } else {
      out += `<${name}>`;
    }
    open.push(name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** The text of (clean) rich text, blocks separated by spaces: for previews and "is it empty?". */
export function richTextToPlainText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>|<\/(?:p|li|h2|h3|div)>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}
