/**
 * Roles for the blocks that are not the main content: header, navigation, footer, sidebar,
 * comments, related, advertisement, overlay. Attribute hints decide first; geometry and link
 * density decide the rest.
 */
import type { PageSnapshot } from '../snapshot/types.js';
import type { BlockRecord, Decision } from './index.js';

export function assignRoles(records: BlockRecord[], main: Decision['main'], snapshot: PageSnapshot): void {
  const mainIds = new Set(main?.blockIds ?? []);
  const H = snapshot.document.height;
  const W = snapshot.document.width;
  const m = main?.rect;
  for (const r of records) {
    r.role = roleFor(r, mainIds.has(r.id), m, W, H);
  }
  // an inner block that is the main block, or holds only main leaves, is main too
  if (main) {
    const rec = records.find((r) => r.id === main.id);
    if (rec) rec.role = 'main';
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
