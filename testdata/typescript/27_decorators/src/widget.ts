import { Component, memoize } from './decorators';
import * as diagnostics from './diagnostics';

@Component({ selector: 'app-price' })
export class PriceWidget {
  constructor(private readonly cents: number) {}

  @memoize
  formatted(): string {
    return (this.cents / 100).toFixed(2);
  }

  @diagnostics.trace('render')
  html(): string {
    return `<span>${this.formatted()}</span>`;
  }
}
