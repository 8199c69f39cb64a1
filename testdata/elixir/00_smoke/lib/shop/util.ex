defmodule Shop.Util do
  def round_price(x), do: x
end
