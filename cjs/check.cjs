'use strict';
// require('viseg/check') in CommonJS: the ES module itself, loaded with require(esm), so that
// CommonJS and ES module code share one copy of it.
require('./need-require-esm.cjs')('viseg/check');
module.exports = require('../dist/check/index.js');
