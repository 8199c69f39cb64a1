defmodule Shop.Cart do
  alias Shop.Money

  def add(total, price) do
    Money.plus(total, price)
  end

  def empty, do: Money.zero()
end
