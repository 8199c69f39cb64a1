import { add, hello } from '@acme/util';
import { add as add2 } from '@acme/util/math';
import { limit } from '@app/config';
import { z } from 'zod';
export function main() { hello(); add(1, 2); add2(3, 4); limit(); z(); }
