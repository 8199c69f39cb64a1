import 'package:shop/money.dart';
import 'src/log.dart' as log;

class Cart {
  int total = 0;

  void add(int price) {
    total = plus(total, price);
    this.check();
    log.write('add');
  }

  void check() {
    assertPositive(total);
  }

  void assertPositive(int value) {}
}
