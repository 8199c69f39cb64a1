int plus(int a, int b) {
  return a + b;
}

class Money {
  static int zero() => 0;
}
