import { formatCents } from '@acme/util';

export function Price({ cents }: { cents: number }) {
  return <span className="price">{formatCents(cents)}</span>;
}
