defmodule Mix.Tasks.Shop.Total do
  use Mix.Task

  def run(args) do
    Enum.reduce(args, 0, fn price, total -> Shop.Cart.add(total, price) end)
  end
end
