const { add, double: dbl } = require('./math');
const greet = require('./greet');
const math = require('./math.js');

exports.run = function () {
  greet('x');
  math.add(1, 2);
  return dbl(add(1, 2));
};
