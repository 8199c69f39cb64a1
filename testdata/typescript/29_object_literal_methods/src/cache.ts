// An unrelated class with a `get` method.
export class Cache<T> {
  private readonly entries = new Map<string, T>();

  get(key: string): T | undefined {
    return this.entries.get(key);
  }
}
