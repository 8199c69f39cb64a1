// Under NodeNext an ES module must write the extension of the emitted file:
// `.js` for a .ts source, `.mjs` for .mts, `.cjs` for .cts.
import { fnv1a } from './crypto/hash.js';
import { loadConfig } from './config.mjs';
import { legacyId } from './legacy.cjs';
import { padLeft } from './lib/pad.js';

export function main(args: string[]): string {
  const config = loadConfig(args);
  const digest = fnv1a(config.input).toString(16);
  return `${legacyId(config.seq)} ${padLeft(digest, 8)}`;
}

console.log(main(['hello']));
