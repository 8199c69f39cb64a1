export function inner() {}
