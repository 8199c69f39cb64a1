// a decoy: the same names, imported by no one
int plus(int a, int b) => a - b;

void write(String message) {}

void main() {
  var cart = makeCart();
  cart.add(1);
}
