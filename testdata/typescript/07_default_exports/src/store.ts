export default class Store<T> {
  private readonly items = new Map<string, T>();

  constructor(readonly name: string) {}

  put(key: string, value: T): void {
    this.items.set(key, value);
  }
}
