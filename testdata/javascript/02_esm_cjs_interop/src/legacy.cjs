'use strict';

function parseQuery(qs) {
  const out = {};
  for (const pair of qs.split('&').filter(Boolean)) {
    const [key, value = ''] = pair.split('=');
    out[decodeURIComponent(key)] = decodeURIComponent(value);
  }
  return out;
}

function stringifyQuery(params) {
  return Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

module.exports = { parseQuery, stringifyQuery };
