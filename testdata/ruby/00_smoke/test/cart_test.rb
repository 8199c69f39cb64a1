require "test_helper"

class CartTest < Minitest::Test
  def setup
    @cart = Shop::Cart.new
  end

  def test_adds_an_item
    @cart.add(3)
    assert_equal 3, @cart.total
  end

  test "is empty at first" do
    assert Shop::Cart.new.total
  end
end
