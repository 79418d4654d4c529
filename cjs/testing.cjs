'use strict';
// require('viseg/testing') in CommonJS: the ES module itself, loaded with require(esm), so that
// CommonJS and ES module code share one copy of it.
require('./need-require-esm.cjs')('viseg/testing');
module.exports = require('../dist/testing/index.js');
