/**
 * A small strict XML parser for the SVGs complan writes (a declaration, elements, attributes in
 * double quotes, character data), for tests: throws on unbalanced or malformed markup, and
 * fails the test on a raw `<` or an unknown entity in text.
 */
import { expect } from 'vitest';

export interface Element {
  name: string;
  attrs: Record<string, string>;
  children: Element[];
  text: string;
}

const ENTITY = /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;

function unescape(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
}

/** Checks that character data has no raw `<` and only known entities. */
function checkText(s: string): void {
  expect(s).not.toContain('<');
  for (let i = s.indexOf('&'); i >= 0; i = s.indexOf('&', i + 1)) expect(s.slice(i), 'bare &').toMatch(ENTITY);
}

/** Parses `xml` (see the module comment); returns the root element. */
export function parseXml(xml: string): Element {
  const decl = /^<\?xml [^?]*\?>\n/.exec(xml);
  expect(decl, 'XML declaration').not.toBeNull();
  let pos = decl![0].length;
  const root: Element = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: Element[] = [root];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;
  while (pos < xml.length) {
    const lt = xml.indexOf('<', pos);
    const text = xml.slice(pos, lt < 0 ? xml.length : lt);
    checkText(text);
    stack[stack.length - 1].text += unescape(text);
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (m === null) throw new Error(`malformed markup at ${lt}: ${xml.slice(lt, lt + 40)}`);
    const [whole, close, name, attrText, selfClose] = m;
    if (close) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
    } else {
      const attrs: Record<string, string> = {};
      for (const [, k, v] of attrText.matchAll(/([\w:-]+)="([^"]*)"/g)) {
        if (k in attrs) throw new Error(`duplicate attribute ${k}`);
        checkText(v);
        attrs[k] = unescape(v);
      }
      const el: Element = { name, attrs, children: [], text: '' };
      stack[stack.length - 1].children.push(el);
      if (!selfClose) stack.push(el);
    }
    pos = lt + whole.length;
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1].name}>`);
  expect(root.children).toHaveLength(1);
  return root.children[0];
}

export function all(el: Element, pred: (e: Element) => boolean): Element[] {
  return [...(pred(el) ? [el] : []), ...el.children.flatMap((c) => all(c, pred))];
}
