import { describe, expect, it } from 'vitest';
// the package imports itself by its own name, through its `exports`
import { truncate } from '@acme/util/strings';

describe('truncate', () => {
  it('keeps short text', () => {
    expect(truncate('abc', 5)).toBe('abc');
  });
});
