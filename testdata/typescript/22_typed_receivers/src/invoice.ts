// An unrelated class with a method of the same name as Cart's.
export class Invoice {
  total(): number {
    return 0;
  }
}
