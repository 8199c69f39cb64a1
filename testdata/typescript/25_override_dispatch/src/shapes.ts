export class Shape {
  area(): number {
    return 0;
  }

  // a template method: runs whichever area the instance's class has
  describe(): string {
    return this.area().toFixed(1);
  }

  perimeterLabel(): string {
    return 'n/a';
  }
}

export class Square extends Shape {
  constructor(private readonly side: number) {
    super();
  }

  area(): number {
    return this.side ** 2;
  }
}

export class Circle extends Shape {
  constructor(protected readonly r: number) {
    super();
  }

  area(): number {
    return Math.PI * this.r ** 2;
  }
}

export class Ring extends Circle {
  area(): number {
    return super.area() / 2;
  }
}

// outside the hierarchy
export class Plot {
  area(): number {
    return 100;
  }
}
