import type { Priced } from './cart';
import { Cart, build, extra, ns } from './index.js';
import Widget from './widget';
export function App() {
  const c = build();
  c.price();
  extra();
  ns.inner();
  return <div><Widget /></div>;
}

export function priceOf(p: Priced) {
  return p.price();
}
