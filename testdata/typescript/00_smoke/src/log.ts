export function log(msg: string) {}
