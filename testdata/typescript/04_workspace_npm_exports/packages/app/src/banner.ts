import chalk from 'chalk';
import { capitalize } from '@acme/util';
import { truncate } from '@acme/util/strings';

export function banner(title: string): string {
  return chalk.bold(truncate(capitalize(title), 40));
}
