'use strict';
/**
 * viseg is an ES module. Node.js loads ES modules with require() from 20.19 and 22.12 on
 * (`require(esm)`); on an older Node.js, say so plainly instead of ERR_REQUIRE_ESM.
 */
module.exports = function needRequireEsm(entry) {
  if (process.features && process.features.require_module) return;
  throw new Error(
    `${entry} is an ES module, and this Node.js (${process.version}) cannot load ES modules with require()` +
      (process.execArgv.includes('--no-experimental-require-module') ? ' (--no-experimental-require-module). ' : '. ') +
      `Use Node.js 20.19 or later (22.12 or later on the 22 line), or load it with \`await import('${entry}')\`.`,
  );
};
