import * as geo from './geometry';

export class Slider {
  constructor(
    private readonly min: number,
    private readonly max: number,
  ) {}

  // a method named like the namespace member it calls
  clamp(value: number): number {
    return geo.clamp(value, this.min, this.max);
  }
}

export function reach(p: geo.Point): number {
  return geo.distance(p, geo.ORIGIN);
}
