Gem::Specification.new do |spec|
  spec.name = "shop"
  spec.require_paths = ["lib"]
end
