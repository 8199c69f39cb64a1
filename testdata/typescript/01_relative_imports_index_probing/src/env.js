export function readEnv() {
  return { mode: globalThis.APP_MODE || 'production' };
}
