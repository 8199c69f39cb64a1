// An ES module (package.json "type": "module") importing a CommonJS file.
import legacy from './legacy.cjs';
import { parseQuery } from './legacy.cjs';

export function withParam(url, key, value) {
  const [base, qs = ''] = url.split('?');
  const params = parseQuery(qs);
  params[key] = value;
  return `${base}?${legacy.stringifyQuery(params)}`;
}
