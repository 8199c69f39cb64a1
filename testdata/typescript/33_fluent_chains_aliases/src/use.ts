import * as s from "./schema";
import { builder, alias } from "./schema";

export function chained() {
  return s.number().int().optional().parse(1);
}

export function multiline() {
  return s
    .number()
    ?.max(3)
    .parse(2);
}

export function assigned() {
  const n = s.number().int();
  return n.parse(3);
}

export function aliased() {
  builder().add().done();
  return alias().int();
}

export function moduleValue() {
  return s.parse(4);
}
