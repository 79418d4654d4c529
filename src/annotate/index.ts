export { takeScreenshot, screenshotSize, fitToSize, type ScreenshotOptions } from './capture.js';
export { annotate, PNG_OPTIONS, type AnnotateOptions } from './draw.js';
export { ROLE_COLOURS, ROLE_ORDER, MAIN_COLOUR, SEPARATOR_COLOUR, roleColour, textColourOn, hexToRgb } from './colours.js';
export {
  overlayPrimitives, overlayTiles, separatorThickness, xmlEscape, fmtScore,
  TILE, MAX_LABELS, MAIN_BORDER, MAIN_FILL_OPACITY, LEAF_STROKE, BANNER_HEIGHT,
  type OverlayInput, type OverlayTile, type Primitive,
} from './overlay.js';
