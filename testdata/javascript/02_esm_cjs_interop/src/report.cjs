'use strict';

// CommonJS requiring CommonJS with an explicit extension
const { stringifyQuery } = require('./legacy.cjs');

function reportUrl(filters) {
  return `/reports?${stringifyQuery(filters)}`;
}

module.exports = reportUrl;
