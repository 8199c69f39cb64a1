type Constructor = new (...args: any[]) => object;

const registry = new Map<string, Constructor>();

export function Component(meta: { selector: string }) {
  return <T extends Constructor>(target: T): T => {
    registry.set(meta.selector, target);
    return target;
  };
}

export function memoize(_target: object, key: string, descriptor: PropertyDescriptor): PropertyDescriptor {
  const original = descriptor.value as (this: Record<string, unknown>) => unknown;
  const cacheKey = `__memo_${key}`;
  descriptor.value = function (this: Record<string, unknown>) {
    if (!(cacheKey in this)) {
      this[cacheKey] = original.call(this);
    }
    return this[cacheKey];
  };
  return descriptor;
}
