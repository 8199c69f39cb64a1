defmodule Shop.CartTest do
  use ExUnit.Case

  describe "Shop.Cart.add" do
    test "adds a price" do
      assert Shop.Cart.add(1, 2) == 3
    end
  end

  test "totals" do
    Shop.Cart.total([])
  end
end
