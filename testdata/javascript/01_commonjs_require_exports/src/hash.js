'use strict';

function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function shortHash(text) {
  return fnv1a(text).toString(36).slice(0, 6);
}

exports.fnv1a = fnv1a;
exports.shortHash = shortHash;
