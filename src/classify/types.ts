import type { Rect } from '../snapshot/types.js';

export type Role =
  | 'main'
  | 'header'
  | 'navigation'
  | 'footer'
  | 'sidebar'
  | 'comments'
  | 'related'
  | 'advertisement'
  | 'overlay'
  | 'content'
  | 'other';

export type PageType = 'article' | 'listing' | 'other';
