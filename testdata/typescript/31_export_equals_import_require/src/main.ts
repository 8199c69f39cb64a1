import Validator = require('./validator');
import text = require('./text');

export function validateName(name: string): boolean {
  const validator = new Validator(['@']);
  return validator.check(name) && text.isAscii(name);
}
