export interface Config {
  input: string;
  seq: number;
}

export function loadConfig(args: string[]): Config {
  return { input: args[0] ?? '', seq: args.length };
}
