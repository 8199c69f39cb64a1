function add(a, b) {
  return a + b;
}

function twice(x) {
  return add(x, x);
}

module.exports = { add, double: twice };
