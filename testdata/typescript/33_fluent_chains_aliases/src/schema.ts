// A fluent builder declared as interfaces, built by a factory that is no class.
export interface Base {
  parse(data: unknown): unknown;
  optional(): this;
}

export interface NumberSchema extends Base {
  int(): this;
  max(limit: number): this;
}

export function number(): NumberSchema {
  return build();
}

function build(): any {
  return {};
}

export class Builder {
  static create(): Builder {
    return new Builder();
  }

  add(): this {
    return this;
  }

  done(): string {
    return "";
  }
}

// Other names for definitions: `const boolean = Builder.create`.
const createBuilder = Builder.create;
export { createBuilder as builder };
export const alias = number;

// A value exported by a module that is no definition.
export const parse: (data: unknown) => unknown = makeParser();

function makeParser(): (data: unknown) => unknown {
  return (data) => data;
}
