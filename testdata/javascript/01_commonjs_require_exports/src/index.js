'use strict';

const { slugify, titleCase: title } = require('./text');
const hash = require('./hash');
const createApp = require('./createApp');
const text = require('./text.js');

function page(name) {
  return { url: `/${slugify(name)}`, heading: title(name), etag: hash.shortHash(name) };
}

function boot() {
  return createApp(text.titleCase('demo site'));
}

module.exports = { page, boot };

if (require.main === module) {
  console.log(page('Hello World'), boot());
}
