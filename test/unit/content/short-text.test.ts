/**
 * shortText: a subtree's one-line text when it is short, else null without reading the rest. The
 * byline and heading scans ask it about element after element, so a long or wide subtree must
 * come back null at once, and a short one must not be refused because of the white space between
 * its elements.
 */
import { describe, expect, it } from 'vitest';
import { shortText } from '../../../src/content/metadata-dom.js';
import { el, page, text, type NodeDesc } from '../helpers/snapshot-builder.js';

/** A `<div>` holding `n` children made by `child`, with white space between them as a parser leaves it. */
function box(n: number, child: (k: number) => NodeDesc): NodeDesc {
  const kids: NodeDesc[] = [text(' ', [0, 0, 0, 0])];
  for (let k = 0; k < n; k++) kids.push(child(k), text(' ', [0, 0, 0, 0]));
  return el('div', { rect: [0, 0, 600, 20] }, kids);
}

function divOf(d: NodeDesc) {
  const s = page(el('body', { rect: [0, 0, 1200, 900] }, [d]));
  const div = s.nodes.find((n) => n.tag === 'div');
  if (!div) throw new Error('no div');
  return { s, div };
}

describe('shortText', () => {
  it('gives the text of a short subtree and null past the characters allowed', () => {
    const { s, div } = divOf(box(3, (k) => el('span', { rect: [k * 50, 0, 50, 20] }, [text(`w${k}`, [k * 50, 0, 50, 20])])));
    expect(shortText(s, div, 20, 20)).toBe('w0 w1 w2');
    expect(shortText(s, div, 5, 20)).toBeNull();
  });

  it('counts the elements, not the white space between them', () => {
    const spans = (n: number) => divOf(box(n, (k) => el('span', { rect: [k * 10, 0, 10, 20] })));
    // the div and 9 empty spans are 10 nodes, within 10; its 19 children are not 19 nodes
    const nine = spans(9);
    expect(shortText(nine.s, nine.div, 100, 10)).toBe('');
    const ten = spans(10);
    expect(shortText(ten.s, ten.div, 100, 10)).toBeNull();
  });

  it('refuses an element with a hundred thousand children', () => {
    const { s, div } = divOf(box(100_000, (k) => el('i', { rect: [k % 600, 0, 1, 1] })));
    expect(div.children.length).toBe(200_001);
    expect(shortText(s, div, 100, 100)).toBeNull();
  });
});
