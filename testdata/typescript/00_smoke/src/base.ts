export class Base {
  constructor(n: number) {}
  price(): number { return 0; }
}
export class Service { run() {} }
export class Repo {}
