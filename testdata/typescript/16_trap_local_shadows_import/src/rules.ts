export function validate(input: string): boolean {
  return input.trim().length > 0;
}

export function format(value: number): string {
  return value.toLocaleString('en-US');
}

export function parse(raw: string): number {
  return Number.parseFloat(raw.replace(/,/g, ''));
}
