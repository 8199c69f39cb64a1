defmodule Shop.MixProject do
  use Mix.Project

  def project, do: [app: :shop, version: "0.1.0"]
end
