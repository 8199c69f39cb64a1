import { Base, Service, Repo } from "./base";
import type { Item } from './types';
import { log as write } from './log';
import * as util from './util';
import Default from './def';
import './polyfill';

export interface Priced { price(): number }

export class Cart extends Base implements Priced {
  private items: Item[] = [];
  repo = new Repo();
  constructor(private readonly svc: Service, n: number) {
    super(n);
  }
  price(): number {
    this.svc.run();
    write("x");
    return util.sum(this.items.map((i) => i.price()));
  }
  handle = () => this.price();
}

export function makeCart(): Cart {
  return new Cart(new Service(), 1);
}

export default function () {}
export { makeCart as build };
export * from './more';
export * as ns from './ns';
const c = makeCart();
c.price();
