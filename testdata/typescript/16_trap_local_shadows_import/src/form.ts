import { format, parse, validate } from './rules';

// the imports, unshadowed
export function isFilled(input: string): boolean {
  return validate(input);
}

export function read(raw: string): number {
  return parse(raw);
}

// a parameter named like an import
export function check(input: string, validate: (s: string) => boolean): boolean {
  return validate(input);
}

// a block-scoped `const` inside an `if`
export function label(value: number): string {
  if (value < 0) {
    const format = (n: number) => `(${Math.abs(n)})`;
    return format(value);
  }
  return 'n/a';
}

// after the block ends, the import is visible again
export function labelAfterBlock(value: number): string {
  {
    let format = (n: number) => String(n);
    format = (n) => n.toFixed(0);
    void format;
  }
  return format(value);
}

// destructuring
export function load(options: { parse: (s: string) => number }, raw: string): number {
  const { parse } = options;
  return parse(raw);
}

// a loop variable
export function checkAll(input: string, validators: Array<(s: string) => boolean>): boolean {
  for (const validate of validators) {
    if (!validate(input)) {
      return false;
    }
  }
  return true;
}

// a catch parameter
export function safeRead(raw: string, fallback: number): number {
  try {
    return JSON.parse(raw) as number;
  } catch (parse) {
    void parse;
    return fallback;
  }
}
