import { listProducts, matchTitle } from './catalog';
import * as search from './search';

export function results(term: string): string[] {
  return listProducts()
    .filter((p) => matchTitle(p.title, term))
    .map((p) => p.sku);
}

export function firstTitle(): string {
  return search.listProducts()[0]?.title ?? '';
}
