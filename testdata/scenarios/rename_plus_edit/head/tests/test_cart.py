from shop import Cart
from shop.basket import GiftCart


def test_total():
    cart = Cart()
    cart.add("tea", 2.5, 2)
    assert cart.total() == 6.0


def test_gift_receipt():
    cart = GiftCart()
    cart.add("tea", 2.5)
    assert cart.receipt().startswith("GIFT")
