module Acme
  class Config
    def self.load; end
  end

  def self.version; end
end
