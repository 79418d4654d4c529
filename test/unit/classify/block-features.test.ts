import { describe, expect, it } from 'vitest';
import { indexBlocks, textBlockFeatures, type FeatureTable } from '../../../src/classify/block-features.js';
import { buildTextBlocks } from '../../../src/classify/text-blocks.js';
import { segment } from '../../../src/segment/index.js';
import type { PageSnapshot } from '../../../src/snapshot/types.js';
import { el, page, text } from '../helpers/snapshot-builder.js';

function features(s: PageSnapshot): { table: FeatureTable; texts: string[] } {
  const blocks = buildTextBlocks(s);
  return { table: textBlockFeatures(indexBlocks(s, segment(s), blocks)), texts: blocks.map((b) => b.text) };
}

/** The value of feature `name` for the block whose text starts with `start`. */
function valueOf({ table, texts }: { table: FeatureTable; texts: string[] }, start: string, name: string): number {
  const row = texts.findIndex((t) => t.startsWith(start));
  const col = table.names.indexOf(name);
  if (row < 0 || col < 0) throw new Error(`no block "${start}" or feature "${name}"`);
  return table.data[row * table.names.length + col] ?? NaN;
}

describe('block features of figures', () => {
  it("reads a quote framed by a <figure> as a quote, and an image's caption as in a figure", () => {
    const s = page(el('body', { rect: [0, 0, 1200, 1000] }, [
      el('figure', { rect: [100, 100, 800, 200] }, [
        el('blockquote', { rect: [100, 100, 800, 100] }, [el('p', { rect: [100, 100, 800, 100] }, [text('Our average time to get paid dropped from 34 days to 9.', [100, 100, 800, 100])])]),
        el('figcaption', { rect: [100, 200, 800, 40] }, [text('Dev Saranathan, Ferrand Motors', [100, 200, 800, 40])]),
      ]),
      el('figure', { rect: [100, 400, 800, 300] }, [
        el('img', { rect: [100, 400, 800, 240] }),
        el('figcaption', { rect: [100, 640, 800, 40] }, [text('The workshop in Leicester, photographed in May.', [100, 640, 800, 40])]),
      ]),
    ]));
    const f = features(s);
    expect(valueOf(f, 'Our average', 'dom.in.figure')).toBe(0);
    expect(valueOf(f, 'Our average', 'dom.in.blockquote')).toBeGreaterThan(0);
    expect(valueOf(f, 'Dev Saranathan', 'dom.in.figure')).toBeGreaterThan(0);
    expect(valueOf(f, 'The workshop', 'dom.in.figure')).toBeGreaterThan(0);
  });
});
