const DEFAULT_PORT = 3000;

export function readPort(env: Record<string, string | undefined> = {}): number {
  return Number(env.PORT ?? DEFAULT_PORT);
}
