export class Order {
  constructor(id) {
    this.id = id;
    this.archived = false;
  }

  archive() {
    this.archived = true;
  }
}
