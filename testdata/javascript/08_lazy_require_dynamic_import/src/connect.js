'use strict';

// A require inside a function is still an import of that module.
function connect(url) {
  if (url.startsWith('postgres:')) {
    const { connectPg } = require('./drivers/pg');
    return Promise.resolve(connectPg(url));
  }
  // an ES module from CommonJS: dynamic import() with a string literal
  return import('./drivers/sqlite.mjs').then((m) => m.openSqlite(url));
}

// a computed name: which driver is loaded is known only at run time
function connectBy(kind, url) {
  const driver = require(`./drivers/${kind}`);
  return driver.connect(url);
}

module.exports = { connect, connectBy };
