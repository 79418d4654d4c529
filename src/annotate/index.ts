export { takeScreenshot, screenshotSize, shownWidth, fitToSize, OVERFLOW_SHARE, type ScreenshotOptions } from './capture.js';
export { annotate, textRects, PNG_OPTIONS, type AnnotateOptions } from './draw.js';
export { screenshotName } from './files.js';
export { withPageArea, pageAreaOf, AREA_KEYWORD } from './png-area.js';
export { ROLE_COLOURS, ROLE_ORDER, MAIN_COLOUR, SEPARATOR_COLOUR, roleColour, textColourOn, hexToRgb } from './colours.js';
export {
  overlayPrimitives, overlayTiles, canvasSize, mainRegions, separatorThickness, xmlEscape, fmtScore,
  TILE, MAX_LABELS, MAIN_BORDER, MAIN_FILL_OPACITY, LEAF_STROKE, BANNER_HEIGHT, LEGEND_MARGIN, MARGIN_COLOUR,
  type OverlayInput, type OverlayTile, type Primitive,
} from './overlay.js';
