// Not related to Order, but it has an `archive` method too.
export class Invoice {
  archive() {
    return `invoice archived`;
  }

  render() {
    return '<table class="invoice"></table>';
  }
}
