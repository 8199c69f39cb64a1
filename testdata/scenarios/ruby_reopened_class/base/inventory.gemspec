Gem::Specification.new do |spec|
  spec.name = "inventory"
  spec.require_paths = ["lib"]
end
