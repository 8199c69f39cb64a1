export function extra() {}
