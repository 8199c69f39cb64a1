import { unrelated } from '@acme/util';

test('unrelated', () => {
  unrelated();
});
