export function trace(label: string) {
  return (_target: object, _key: string, descriptor: PropertyDescriptor): PropertyDescriptor => {
    console.debug(`tracing ${label}`);
    return descriptor;
  };
}
