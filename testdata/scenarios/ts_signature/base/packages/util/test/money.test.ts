import { formatCents } from '../src/money';

describe('formatCents', () => {
  it('formats whole dollars', () => {
    expect(formatCents(500)).toBe('$5.00');
  });
});
