'use strict';

function connectPg(url) {
  return { driver: 'pg', url };
}

module.exports = { connectPg };
