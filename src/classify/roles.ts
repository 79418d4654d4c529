/**
 * Roles for the blocks that are not the main content: header, navigation, footer, sidebar,
 * comments, related, advertisement, overlay. Attribute hints decide first; geometry and link
 * density decide the rest.
 */
import type { PageSnapshot } from '../snapshot/types.js';
import type { BlockRecord, Decision } from './types.js';

export function assignRoles(records: BlockRecord[], main: Decision['main'], snapshot: PageSnapshot): void {
  const mainIds = new Set(main?.blockIds ?? []);
  const H = snapshot.document.height;
  const W = snapshot.document.width;
  const m = main?.rect;
  for (const r of records) if (r.leaf) r.role = roleFor(r, mainIds.has(r.id), m, W, H);
  // Inner blocks: the main block is main; its ancestors are containers ('other'); any other
  // inner block takes the role that covers most of its leaves' text (or area, when textless).
  const leaves = records.filter((r) => r.leaf);
  for (const r of records) {
    if (r.leaf) continue;
    if (main && r.id === main.id) {
      r.role = 'main';
      continue;
    }
    if (main && main.id.startsWith(r.id + '-')) {
      r.role = 'other';
      continue;
    }
    const weight = new Map<BlockRecord['role'], number>();
    for (const l of leaves) {
      if (!l.id.startsWith(r.id + '-')) continue;
      const w = l.features.chars || (l.rect.w * l.rect.h) / 1e6;
      weight.set(l.role, (weight.get(l.role) ?? 0) + w);
    }
    let best: BlockRecord['role'] = 'other';
    let bestW = -1;
    for (const [role, w] of weight) if (w > bestW) [best, bestW] = [role, w];
    r.role = best;
  }
}

function roleFor(r: BlockRecord, isMain: boolean, m: { x: number; y: number; w: number; h: number } | undefined, W: number, H: number): BlockRecord['role'] {
  const f = r.features;
  if (isMain) return 'main';
  if (f.positionFixed && (f.hint === 'overlay' || r.rect.w * r.rect.h > 0.25 * W * Math.min(H, 900))) return 'overlay';
  if (f.hint) return f.hint;
  const rect = r.rect;
  if (m) {
    const beside = rect.y < m.y + m.h && rect.y + rect.h > m.y && (rect.x >= m.x + m.w - 2 || rect.x + rect.w <= m.x + 2);
    if (beside) return f.linkDensity > 0.5 || f.chars < 200 ? 'sidebar' : 'sidebar';
    if (rect.y >= m.y + m.h - 2 && f.linkDensity > 0.4) return 'related';
  }
  if (rect.y + rect.h <= Math.max(200, H * 0.12) && rect.y < 250) return f.linkDensity > 0.5 ? 'navigation' : 'header';
  if (rect.y >= H * 0.85) return 'footer';
  if (f.linkDensity > 0.6 && f.links >= 3) return 'navigation';
  if (f.chars === 0 && f.images > 0 && (rect.w >= 300 && rect.h <= 120 || rect.w <= 336 && rect.h >= 250 && rect.h <= 620)) return 'advertisement';
  if (f.prose > 0.3 && f.chars > 80) return 'content';
  return 'other';
}
