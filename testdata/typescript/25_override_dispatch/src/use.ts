import { Circle, Shape } from './shapes';

export function total(shape: Shape): number {
  return shape.area();
}

export function circles(circle: Circle): number {
  return circle.area();
}

export function label(shape: Shape): string {
  return shape.perimeterLabel();
}
