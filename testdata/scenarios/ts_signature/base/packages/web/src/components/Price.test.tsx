import { render } from '@testing-library/react';
import { Price } from './Price';

test('shows the price', () => {
  render(<Price cents={100} />);
});
