/** Minimal typings for turndown-plugin-gfm 1.0.2, which ships none. */
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';

  /** All GFM plugins: highlightedCodeBlock, strikethrough, tables, taskListItems. */
  export const gfm: TurndownService.Plugin;
  export const highlightedCodeBlock: TurndownService.Plugin;
  export const strikethrough: TurndownService.Plugin;
  export const tables: TurndownService.Plugin;
  export const taskListItems: TurndownService.Plugin;
}
