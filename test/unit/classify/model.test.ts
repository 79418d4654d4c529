import { describe, expect, it } from 'vitest';
import { compileModel, contributions, featureColumns, predictMargins, sigmoid, softmax, type ModelFile } from '../../../src/classify/model.js';
import { at } from '../../../src/util/at.js';

/** Two trees over features a, b: tree 1 splits on a < 0.5, tree 2 on b < 2 then a < 0.25. */
function tinyModel(): ModelFile {
  return {
    format: 'viseg-trees-1',
    target: 'content',
    features: ['a', 'b'],
    base: [0.1],
    trees: [
      { feature: [0, -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -1, 1] },
      { feature: [1, 0, -1, -1, -1], threshold: [2, 0.25, 0, 0, 0], left: [1, 2, -1, -1, -1], right: [4, 3, -1, -1, -1], value: [0.2, 0.1, -0.5, 0.7, 0.4] },
    ],
    provenance: {},
  };
}

describe('tree ensembles', () => {
  it('follows the splits (left when value < threshold) and adds the base', () => {
    const m = compileModel(tinyModel());
    const rows = Float32Array.from([0.2, 1, 0.9, 3, 0.3, 1.5]);
    const margins = predictMargins(m, rows, 2, featureColumns(m, ['a', 'b']));
    expect(Array.from(margins)).toEqual([0.1 - 1 - 0.5, 0.1 + 1 + 0.4, 0.1 - 1 + 0.7].map((x) => expect.closeTo(x, 9)));
  });

  it('breaks each margin into per-feature contributions that add up to it', () => {
    const m = compileModel(tinyModel());
    const rows = Float32Array.from([0.2, 1, 0.9, 3, 0.3, 1.5]);
    const cols = featureColumns(m, ['a', 'b']);
    const margins = predictMargins(m, rows, 2, cols);
    for (let r = 0; r < 3; r++) {
      const { bias, byFeature } = contributions(m, rows, r, 2, cols);
      expect(bias).toBeCloseTo(0.1 + 0 + 0.2, 9);
      expect(bias + at(byFeature, 0) + at(byFeature, 1)).toBeCloseTo(at(margins, r), 9);
    }
    // row 0: tree 1 a<0.5 → -1 (a: -1); tree 2 b<2 → 0.1 (b: -0.1), a<0.25 → -0.5 (a: -0.6)
    const { byFeature } = contributions(m, rows, 0, 2, cols);
    expect(byFeature[0]).toBeCloseTo(-1.6, 9);
    expect(byFeature[1]).toBeCloseTo(-0.1, 9);
  });

  it('reads the model\'s features from a table with more columns, in any order', () => {
    const m = compileModel(tinyModel());
    const cols = featureColumns(m, ['x', 'b', 'a']);
    expect(Array.from(cols)).toEqual([2, 1]);
    expect(() => featureColumns(m, ['a'])).toThrow(/needs feature b/);
  });

  it('compares in float32, as XGBoost does', () => {
    const v = Math.fround(0.3);
    const file = tinyModel();
    // a threshold just above the value in double precision, equal to it in float32: not less, so right
    at(file.trees, 0).threshold[0] = v + 1e-12;
    const m = compileModel(file);
    const rows = Float32Array.from([v, 0]);
    expect(predictMargins(m, rows, 2, featureColumns(m, ['a', 'b']))[0]).toBeCloseTo(0.1 + 1 + 0.7, 9);
  });

  it('rejects malformed models', () => {
    const bad = tinyModel();
    at(bad.trees, 0).left = [0, -1, -1];
    expect(() => compileModel(bad)).toThrow(/bad children/);
    const short = tinyModel();
    at(short.trees, 1).value.pop();
    expect(() => compileModel(short)).toThrow(/different lengths/);
    expect(() => compileModel({ ...tinyModel(), format: 'other' } as unknown as ModelFile)).toThrow();
  });

  it('turns margins into probabilities', () => {
    expect(sigmoid(0)).toBe(0.5);
    const p = softmax([1, 2, 3]);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(p[2]).toBeGreaterThan(at(p, 1));
  });
});
