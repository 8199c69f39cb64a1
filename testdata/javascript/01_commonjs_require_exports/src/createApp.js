'use strict';

const { slugify } = require('./text');

function createApp(name) {
  return { name, id: slugify(name) };
}

module.exports = createApp;
