/**
 * Integer boxes for the segmenter. A `Box` is half-open: it covers the pixels x0..x1-1, y0..y1-1,
 * so adjacent boxes share an edge value (`a.y1 === b.y0`) and a box's size is `x1 - x0`.
 * All coordinates are whole document pixels (snapshot rects are rounded on the way in).
 */
import type { Rect } from '../snapshot/types.js';

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function boxFromRect(r: Rect): Box {
  const x0 = Math.round(r.x);
  const y0 = Math.round(r.y);
  const x1 = Math.round(r.x + Math.max(0, r.w));
  const y1 = Math.round(r.y + Math.max(0, r.h));
  return { x0, y0, x1: Math.max(x0, x1), y1: Math.max(y0, y1) };
}

export function rectFromBox(b: Box): Rect {
  return { x: b.x0, y: b.y0, w: b.x1 - b.x0, h: b.y1 - b.y0 };
}

export function boxArea(b: Box): number {
  return (b.x1 - b.x0) * (b.y1 - b.y0);
}

export function isEmptyBox(b: Box): boolean {
  return b.x1 <= b.x0 || b.y1 <= b.y0;
}

/**
 * Union of boxes. Empty (zero-area) boxes only count when every box is empty, so a stray
 * zero-size node does not stretch a block across the page.
 */
export function unionBoxes(boxes: readonly Box[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let any = false;
  for (const b of boxes) {
    if (isEmptyBox(b)) continue;
    any = true;
    if (b.x0 < x0) x0 = b.x0;
    if (b.y0 < y0) y0 = b.y0;
    if (b.x1 > x1) x1 = b.x1;
    if (b.y1 > y1) y1 = b.y1;
  }
  if (!any) {
    for (const b of boxes) {
      if (b.x0 < x0) x0 = b.x0;
      if (b.y0 < y0) y0 = b.y0;
      if (b.x1 > x1) x1 = b.x1;
      if (b.y1 > y1) y1 = b.y1;
    }
  }
  if (x0 === Infinity) return { x0: 0, y0: 0, x1: 0, y1: 0 };
  return { x0, y0, x1, y1 };
}

/** Clamp `b` into `c`; a box entirely outside collapses onto `c`'s nearest edge (zero size). */
export function clampBox(b: Box, c: Box): Box {
  const x0 = Math.min(Math.max(b.x0, c.x0), c.x1);
  const y0 = Math.min(Math.max(b.y0, c.y0), c.y1);
  const x1 = Math.min(Math.max(b.x1, x0), c.x1);
  const y1 = Math.min(Math.max(b.y1, y0), c.y1);
  return { x0, y0, x1: Math.max(x0, x1), y1: Math.max(y0, y1) };
}

export function boxContains(outer: Box, inner: Box): boolean {
  return inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;
}
