module.exports = function greet(name) {
  return `hi ${name}`;
};
