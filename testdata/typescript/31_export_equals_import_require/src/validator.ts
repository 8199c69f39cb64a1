class Validator {
  constructor(private readonly required: string[]) {}

  check(value: string): boolean {
    return this.required.every((part) => value.includes(part));
  }
}

export = Validator;
