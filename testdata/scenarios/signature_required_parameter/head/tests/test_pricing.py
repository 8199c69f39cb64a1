from shop.pricing import apply_discount, price_with_tax


def test_tax():
    assert price_with_tax(10, 0.2) == 12.0


def test_discount():
    assert apply_discount(10, 50) == 5.0
