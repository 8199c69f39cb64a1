function installStructuredClone(): void {
  const scope = globalThis as { structuredClone?: (value: unknown) => unknown };
  if (typeof scope.structuredClone !== 'function') {
    scope.structuredClone = (value) => JSON.parse(JSON.stringify(value));
  }
}

installStructuredClone();

export {};
