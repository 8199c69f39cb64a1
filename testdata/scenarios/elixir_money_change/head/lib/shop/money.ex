defmodule Shop.Money do
  def plus(a, b) do
    round(a + b)
  end

  def zero, do: 0
end
