'use strict';

function slugify(text) {
  return text.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-');
}

function titleCase(text) {
  return text.replace(/\b\w/g, (c) => c.toUpperCase());
}

module.exports = { slugify, titleCase };
