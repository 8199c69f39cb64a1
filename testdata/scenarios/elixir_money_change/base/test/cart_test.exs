defmodule Shop.CartTest do
  use ExUnit.Case

  test "adds a price" do
    assert Shop.Cart.add(1, 2) == 3
  end

  test "is empty" do
    assert Shop.Cart.empty() == 0
  end
end
