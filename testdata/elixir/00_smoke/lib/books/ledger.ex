# a decoy: the same names in a module no one aliases
defmodule Ledger do
  def plus(a, b), do: a - b
  def round_price(x), do: x * 2
  def summary, do: "ledger"
end
