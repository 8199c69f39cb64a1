// Decoys: methods of the same names in an unrelated class.
export class Unrelated {
  int(): number {
    return 0;
  }

  parse(text: string): string {
    return text;
  }

  optional(): void {}

  done(): void {}
}
