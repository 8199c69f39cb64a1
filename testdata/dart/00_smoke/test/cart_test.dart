import 'package:test/test.dart';
import 'package:shop/cart.dart';

void main() {
  group('cart', () {
    test('adds a price', () {
      final cart = Cart();
      cart.add(2);
    });
  });
}
