'use strict';
// require('viseg') in CommonJS: the ES module itself, loaded with require(esm), so that
// CommonJS and ES module code share one copy of it.
require('./need-require-esm.cjs')('viseg');
module.exports = require('../dist/index.js');
